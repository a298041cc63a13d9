import { localDateOf } from '#domain/time/zoned-time.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { getLeaveBalances } from '#server/services/leave/leave-balances.ts';
import { nowMs } from '#server/clock/now.ts';

/** GET `{employee, year, data: [{leaveType, name, daysPerYear, entitled, carriedOver, carryOverExpires, taken, pending, remaining, allowed}]}`. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  const today = localDateOf(nowMs(), (await getSettings(db)).timezone);
  return answer('GET /api/leaves/balances', await getLeaveBalances(db, context.url.searchParams, user, today));
});
