import * as v from 'valibot';
import { pactOn, pactShareLimit, voluntaryLimitSeconds, type ComplementaryPact, type VoluntaryOffer } from '#domain/worktime/complementary-hours.ts';
import { ComplementaryPactInput, OfferAnswerInput, VoluntaryOfferInput } from '#domain/worktime/complementary-schema.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { answerOffer, employeeExists, findOffer, insertOffer, insertPact, offersOf, pactsOf } from '../../db/repositories/complementary-hours.ts';
import { contractTermsOfEmployee } from '../../db/repositories/contract-terms.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { inTransaction } from '../in-transaction.ts';
import { requireReadable, requireWritable, type RecordActor } from '../record-guard.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';
import type { SessionUser } from '../sign-in/session-user.ts';

/**
 * Complementary hours of part-time workers (art. 12.5 ET; issue 38 point 3, decision 081): an
 * administrator records an employee's pact and offers voluntary hours; the worker answers an
 * offer from the personal area. The period lock and the chain are in the repository writes.
 */

/** 422 with the schema's first message per field (i18n keys). */
function parsed<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fields: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '';
    if (key && !fields[key]) fields[key] = issue.message;
  }
  throw new AppError(result.issues[0]?.message ?? 'validation.invalidInput', 422, {}, fields);
}

/** Refuses (422 on `field`) an employee who is not part time on `date`. */
async function requirePartTime(db: Db, employeeId: number, date: string, field: string): Promise<void> {
  const terms = (await contractTermsOfEmployee(db, employeeId))(date);
  if (terms.workingDayType !== 'part-time') throw new AppError('complementary.notPartTime', 422, {}, { [field]: 'complementary.notPartTime' });
}

/** The employee's pacts and this month's offers, for the employee page. */
export async function complementaryOfEmployee(db: Db, employeeId: number, actor: RecordActor): Promise<{ pacts: ComplementaryPact[]; offers: VoluntaryOffer[] }> {
  requireReadable(actor, employeeId);
  return { pacts: await pactsOf(db, employeeId), offers: await offersOf(db, employeeId) };
}

/** Records a pact (422 for bad input or a full-time employee, 409 `periods.locked`), audited. */
export async function recordPact(db: Db, employeeId: number, input: unknown, actor: RecordActor): Promise<ComplementaryPact> {
  const data = parsed(ComplementaryPactInput, input);
  if (!(await employeeExists(db, employeeId))) throw notFound();
  requireWritable(actor, employeeId, 'record');
  // The schema already checks the limit; kept next to the write too (one rule: pactShareLimit).
  if (data.sharePercent > pactShareLimit(data.collectiveAgreement)) throw new AppError('complementary.shareOver30', 422, {}, { sharePercent: 'complementary.shareOver30' });
  return inTransaction(db, async (trx) => {
    await requirePartTime(trx, employeeId, data.validFrom, 'validFrom');
    const at = nowIso();
    const row = {
      employeeId,
      signedOn: data.signedOn,
      validFrom: data.validFrom,
      validTo: data.validTo,
      sharePercent: data.sharePercent,
      collectiveAgreement: data.collectiveAgreement ? 1 : 0,
      createdAt: at,
      authorId: actor.id,
    };
    const id = await insertPact(trx, row);
    await appendAudit(trx, { userId: actor.id, entity: 'complementaryPact', entityId: id, action: 'create', before: null, after: row, reason: null, at });
    return { id, ...row };
  });
}

/**
 * Offers voluntary complementary hours for a date (422 for bad input, a full-time employee or an
 * offer beyond 15 % — 30 % with the collective agreement of the pact in force — of the month's
 * planned contract hours, counting every offer of the month not declined; 409 `periods.locked`).
 */
export async function offerVoluntaryHours(db: Db, input: unknown, actor: RecordActor): Promise<VoluntaryOffer> {
  const data = parsed(VoluntaryOfferInput, input);
  if (!(await employeeExists(db, data.employee))) throw notFound();
  requireWritable(actor, data.employee, 'record');
  const month = data.date.slice(0, 7);
  const { records } = await monthlyRecords(db, { employee: data.employee }, month, { fresh: true });
  // The month's contract hours as planned, days to come included (an offer is made in advance).
  const expected = (records[0]?.record.days ?? []).reduce((sum, d) => sum + (d.contractSeconds ?? 0), 0);
  return inTransaction(db, async (trx) => {
    await requirePartTime(trx, data.employee, data.date, 'date');
    const collective = pactOn(await pactsOf(trx, data.employee), data.date)?.collectiveAgreement === 1;
    const limit = voluntaryLimitSeconds(expected, collective);
    const seconds = data.minutes * 60;
    const standing = (await offersOf(trx, data.employee, { from: `${month}-01`, to: `${month}-31` })).filter((o) => o.status !== 'declined').reduce((s, o) => s + o.seconds, 0);
    if (standing + seconds > limit) {
      const hours = (s: number) => (s / 3600).toFixed(2);
      throw new AppError('complementary.voluntaryOverLimit', 422, { month, offered: hours(standing + seconds), limit: hours(limit), percent: collective ? 30 : 15 }, { minutes: 'complementary.voluntaryOverLimit' });
    }
    const at = nowIso();
    const row = { employeeId: data.employee, date: data.date, seconds, offeredBy: actor.id, offeredAt: at };
    const id = await insertOffer(trx, row);
    await appendAudit(trx, { userId: actor.id, entity: 'complementaryOffer', entityId: id, action: 'create', before: null, after: row, reason: null, at });
    return { id, ...row, status: 'offered', answeredAt: null };
  });
}

/**
 * The worker's answer to an offer of their own (the session's employee; another's offer is 404,
 * an API token 403): accept or decline, once (409 `complementary.alreadyAnswered`), never in an
 * approved period (409 `periods.locked`). Accepted hours count as voluntary complementary hours.
 */
export async function answerVoluntaryOffer(db: Db, user: Pick<SessionUser, 'id' | 'employeeId' | 'apiTokenId'>, offerId: number, input: unknown): Promise<VoluntaryOffer> {
  const data = parsed(OfferAnswerInput, input);
  if (user.apiTokenId !== undefined) throw new AppError('complementary.tokenRefused', 403);
  return inTransaction(db, async (trx) => {
    const offer = await findOffer(trx, offerId);
    if (!offer || user.employeeId === null || offer.employeeId !== user.employeeId) throw notFound();
    if (offer.status !== 'offered') throw new AppError('complementary.alreadyAnswered', 409);
    const at = nowIso();
    const status = data.answer === 'accept' ? 'accepted' : 'declined';
    await answerOffer(trx, offer, status, at);
    await appendAudit(trx, { userId: user.id, entity: 'complementaryOffer', entityId: offer.id, action: status, before: { status: offer.status }, after: { status }, reason: null, at });
    return { ...offer, status, answeredAt: at };
  });
}

/** The session's own employee's offers still waiting for an answer (the personal area). */
export async function ownPendingOffers(db: Db, employeeId: number): Promise<VoluntaryOffer[]> {
  return (await offersOf(db, employeeId)).filter((o) => o.status === 'offered');
}
