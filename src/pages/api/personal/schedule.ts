import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { personalSchedule } from '#server/services/personal/personal-schedule.ts';

/** GET my schedules and the next two weeks (own employee only). */
export const GET = endpoint(async (context) => answer('GET /api/personal/schedule', { data: await personalSchedule(await getDb(), ownEmployeeId(requireUser(context))) }));
