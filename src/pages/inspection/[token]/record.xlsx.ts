import type { APIRoute } from 'astro';
import { inspectionDownload } from '#server/http/inspection-download.ts';

/** GET the inspector's monthly records as .xlsx (same query as the page; token-checked, logged). */
export const GET: APIRoute = (context) => inspectionDownload(context, 'xlsx');
