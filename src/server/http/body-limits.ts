/**
 * Request body limits, largest first. Every endpoint that reads a body reads it as a stream and
 * stops at its own limit (413): forms and punches at MAX_JSON_BYTES (json.ts), photo uploads at
 * MAX_UPLOAD_BYTES (read-large-json.ts), the CSV import at MAX_IMPORT_BYTES. MAX_REQUEST_BYTES is
 * the hard cap in front of all of them: serve.ts answers 413 to a larger Content-Length without
 * reading it, and the Node adapter (astro.config.mjs `bodySizeLimit`) cuts chunked bodies there.
 */

/** A CSV of 10,000 employees is about 2 MB; 20 MB leaves room without inviting abuse. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** The largest legitimate body (the CSV import) plus room for the JSON around it. */
export const MAX_REQUEST_BYTES = MAX_IMPORT_BYTES + 64 * 1024;
