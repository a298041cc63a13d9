import { OvertimeChoiceRequestSchema } from '#domain/attendance/overtime-choice.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { chooseOvertime } from '#server/services/attendance/choose-overtime.ts';

/**
 * POST {date, compensation: 'paid'|'rest'}: the worker's own answer to "paid or rest" for the
 * overtime of their day on `date` (decision 070) -> 200 {date, compensation, overtimeSeconds,
 * markedBy: 'worker'}. 403 through an API token, without a linked employee, for an archived
 * employee or with the company's switch off; 404 without a day of theirs on that date; 409 for an
 * open day, a day without overtime, a day an administrator marked or an approved period; 422 for a
 * bad body or paid overtime beyond the 80 h cap.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(OvertimeChoiceRequestSchema, await readJson(context.request));
  return answer('POST /api/personal/overtime-choice', await chooseOvertime(await getDb(), { user: requireUser(context), input }));
});
