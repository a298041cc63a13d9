import type { APIRoute } from 'astro';
import { inspectionDownload } from '../../../server/http/inspection-download.ts';

/**
 * GET the inspector's monthly records as PDF (token-checked, logged).
 * TODO(issue 18.10): answers the Excel export until the lead wires the pdf helper's PDF service
 * into `inspectionRecordDownload` (services/access/inspection-record.ts).
 */
export const GET: APIRoute = (context) => inspectionDownload(context, 'pdf');
