import { useState, type FormEvent } from 'react';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { OpenShiftDto, SwapDto, SwapShiftDto } from '#domain/roster/roster-requests.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  /** The session's own employee. */
  me: number;
  openShifts: readonly OpenShiftDto[];
  firstClaimant: boolean;
  swaps: readonly SwapDto[];
  myShifts: readonly SwapShiftDto[];
  colleagues: readonly { _id: number; name: string; shifts: readonly SwapShiftDto[] }[];
}

const card = 'rounded-2xl border border-line bg-card p-5';
const CLAIM_STATUS = { pending: 'rosterRequests.claimStatus_pending', approved: 'rosterRequests.claimStatus_approved', declined: 'rosterRequests.claimStatus_declined' } as const;
const SWAP_STATUS = {
  proposed: 'rosterRequests.swapStatus_proposed',
  accepted: 'rosterRequests.swapStatus_accepted',
  declined: 'rosterRequests.swapStatus_declined',
  approved: 'rosterRequests.swapStatus_approved',
  rejected: 'rosterRequests.swapStatus_rejected',
  cancelled: 'rosterRequests.swapStatus_cancelled',
} as const;

/**
 * The personal area's open shifts and swaps (issue 39 point 6, decision 086): claim or withdraw an
 * open shift of my department; propose one of my upcoming shifts to a colleague (optionally for
 * one of theirs), answer swaps proposed to me, cancel mine. Each action answers with a message
 * and reloads the page, whose data the server reads again.
 */
export default function ShiftRequestsPersonal({ lang, me, openShifts, firstClaimant, swaps, myShifts, colleagues }: Props) {
  const t = translator(lang);
  const { run, running } = useApiAction<string>(lang);
  const [form, setForm] = useState({ shift: '', colleague: '', otherShift: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const line = (s: SwapShiftDto) => t('rosterRequests.shiftLine', { date: formatLocalDate(s.date, lang, 'long'), start: s.startTime, end: s.endTime });
  type Step = `${'POST' | 'DELETE'} /api/personal/open-shifts/{id}/claim` | `POST /api/personal/swaps/{id}/${'accept' | 'decline' | 'cancel'}`;
  const act = (key: string, route: Step, id: number) => void run(() => api(route, { params: [id], lang }), { key, success: 'flash', then: 'reload' });
  const theirShifts = colleagues.find((c) => String(c._id) === form.colleague)?.shifts ?? [];

  const propose = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const body = { shift: Number(form.shift) || 0, colleague: Number(form.colleague) || 0, otherShift: form.otherShift ? Number(form.otherShift) : null, note: form.note || null };
    void run(() => api('POST /api/personal/swaps', { body, lang }), { key: 'propose', success: 'flash', then: 'reload', onFieldErrors: setErrors });
  };
  const fieldError = (id: string) =>
    errors[id] && (
      <p id={`swap-${id}-error`} className="text-sm text-red-700 dark:text-red-400">
        {errors[id]}
      </p>
    );
  const aria = (id: string) => ({ 'aria-invalid': !!errors[id], 'aria-describedby': errors[id] ? `swap-${id}-error` : undefined });

  return (
    <>
      <section className={card} aria-labelledby="s-open-shifts" data-testid="open-shifts">
        <h2 id="s-open-shifts" className="mb-1 text-base font-semibold">
          {t('rosterRequests.openTitle')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t(firstClaimant ? 'rosterRequests.openIntroFirst' : 'rosterRequests.openIntro')}</p>
        {openShifts.length === 0 ? (
          <p className="text-sm text-muted">{t('rosterRequests.openEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line text-sm">
            {openShifts.map((o) => (
              <li key={o._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="open-shift">
                <span>
                  <span className="font-medium tabular-nums">{line(o)}</span>
                  <span className="block text-xs text-muted">
                    {o.department} · {t('rosterRequests.breakMinutes', { minutes: o.breakMinutes })}
                  </span>
                </span>
                {o.myClaim === null ? (
                  <button type="button" className={primaryButton} disabled={running !== null} onClick={() => act(`claim-${o._id}`, 'POST /api/personal/open-shifts/{id}/claim', o._id)}>
                    {t('rosterRequests.claim')}
                  </button>
                ) : (
                  <span className="flex items-center gap-2">
                    <span className="rounded-full bg-primary-subtle px-2 py-0.5 text-xs font-medium" data-testid="my-claim">
                      {t(CLAIM_STATUS[o.myClaim])}
                    </span>
                    {o.myClaim === 'pending' && (
                      <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => act(`withdraw-${o._id}`, 'DELETE /api/personal/open-shifts/{id}/claim', o._id)}>
                        {t('rosterRequests.withdraw')}
                      </button>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={card} aria-labelledby="s-swaps" data-testid="shift-swaps">
        <h2 id="s-swaps" className="mb-1 text-base font-semibold">
          {t('rosterRequests.swapsTitle')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('rosterRequests.swapsIntro')}</p>
        {swaps.length === 0 ? (
          <p className="mb-4 text-sm text-muted">{t('rosterRequests.swapsEmpty')}</p>
        ) : (
          <ul className="mb-4 flex flex-col divide-y divide-line text-sm">
            {swaps.map((w) => {
              const incoming = w.to._id === me;
              return (
                <li key={w._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="swap">
                  <span>
                    <span className="font-medium">{incoming ? t('rosterRequests.toYou', { name: w.from.name }) : t('rosterRequests.byYou', { name: w.to.name })}</span>
                    <span className="block tabular-nums">{line(w.shift)}</span>
                    {w.otherShift && <span className="block text-muted">{t('rosterRequests.inExchange', { shift: line(w.otherShift) })}</span>}
                    {w.note && <span className="block text-xs text-muted">“{w.note}”</span>}
                    <span className="mt-1 inline-block rounded-full bg-primary-subtle px-2 py-0.5 text-xs font-medium">
                      {t(incoming && w.status === 'proposed' ? 'rosterRequests.swapStatus_proposedToYou' : SWAP_STATUS[w.status])}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-2">
                    {incoming && w.status === 'proposed' && (
                      <>
                        <button type="button" className={primaryButton} disabled={running !== null} onClick={() => act(`accept-${w._id}`, 'POST /api/personal/swaps/{id}/accept', w._id)}>
                          {t('rosterRequests.accept')}
                        </button>
                        <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => act(`decline-${w._id}`, 'POST /api/personal/swaps/{id}/decline', w._id)}>
                          {t('rosterRequests.decline')}
                        </button>
                      </>
                    )}
                    {!incoming && (w.status === 'proposed' || w.status === 'accepted') && (
                      <button type="button" className={secondaryButton} disabled={running !== null} onClick={() => act(`cancel-${w._id}`, 'POST /api/personal/swaps/{id}/cancel', w._id)}>
                        {t('rosterRequests.cancel')}
                      </button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {myShifts.length === 0 ? (
          <p className="text-sm text-muted">{t('rosterRequests.noShifts')}</p>
        ) : (
          <form className="grid gap-3 sm:grid-cols-2" onSubmit={propose} data-testid="swap-form" noValidate>
            <div className="flex flex-col gap-1">
              <label htmlFor="swap-shift" className="text-sm font-medium">
                {t('rosterRequests.myShift')}
              </label>
              <select id="swap-shift" className={inputClass} value={form.shift} onChange={(e) => setForm({ ...form, shift: e.target.value })} {...aria('shift')}>
                <option value="">{t('rosterRequests.choose')}</option>
                {myShifts.map((s) => (
                  <option key={s._id} value={s._id}>
                    {line(s)}
                  </option>
                ))}
              </select>
              {fieldError('shift')}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="swap-colleague" className="text-sm font-medium">
                {t('rosterRequests.colleague')}
              </label>
              <select id="swap-colleague" className={inputClass} value={form.colleague} onChange={(e) => setForm({ ...form, colleague: e.target.value, otherShift: '' })} {...aria('colleague')}>
                <option value="">{t('rosterRequests.choose')}</option>
                {colleagues.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
              </select>
              {fieldError('colleague')}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="swap-otherShift" className="text-sm font-medium">
                {t('rosterRequests.theirShift')}
              </label>
              <select id="swap-otherShift" className={inputClass} value={form.otherShift} onChange={(e) => setForm({ ...form, otherShift: e.target.value })} {...aria('otherShift')}>
                <option value="">{t('rosterRequests.giveAway')}</option>
                {theirShifts.map((s) => (
                  <option key={s._id} value={s._id}>
                    {line(s)}
                  </option>
                ))}
              </select>
              {fieldError('otherShift')}
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="swap-note" className="text-sm font-medium">
                {t('rosterRequests.note')}
              </label>
              <input id="swap-note" className={inputClass} maxLength={500} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} {...aria('note')} />
              {fieldError('note')}
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={primaryButton} disabled={running !== null}>
                {t('rosterRequests.propose')}
              </button>
            </div>
          </form>
        )}
      </section>
    </>
  );
}
