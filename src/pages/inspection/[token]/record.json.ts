import type { APIRoute } from 'astro';
import { inspectionDownload } from '#server/http/inspection-download.ts';

/** GET the inspector's open record export as JSON (decision 084; token-checked, logged with its seal). */
export const GET: APIRoute = (context) => inspectionDownload(context, 'json');
