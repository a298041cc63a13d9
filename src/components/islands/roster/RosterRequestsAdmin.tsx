import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { ClaimDto, SwapDto, SwapShiftDto } from '#domain/roster/roster-requests.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  /** Pending claims of open shifts. */
  claims: readonly ClaimDto[];
  /** Swaps the colleague accepted, waiting for approval. */
  swaps: readonly SwapDto[];
}

const card = 'rounded-2xl border border-line bg-card p-5';

/**
 * The administrators' page of open-shift claims and swaps (decision 086): approve or decline
 * each. The server decides (four eyes, period lock, a day already worked) and answers a
 * translated refusal, shown as an alert; a success reloads the lists.
 */
export default function RosterRequestsAdmin({ lang, claims, swaps }: Props) {
  const t = translator(lang);
  const { run, running } = useApiAction<string>(lang);
  const line = (s: SwapShiftDto) => t('rosterRequests.shiftLine', { date: formatLocalDate(s.date, lang, 'long'), start: s.startTime, end: s.endTime });
  const act = (key: string, route: `POST /api/roster/${'claims/{id}/approve' | 'claims/{id}/decline' | 'swaps/{id}/approve' | 'swaps/{id}/reject'}`, id: number) =>
    void run(() => api(route, { params: [id], lang }), { key, success: 'flash', then: 'reload' });
  const buttons = (id: number, kind: 'claims' | 'swaps', no: 'decline' | 'reject') => (
    <span className="flex flex-wrap gap-2">
      <button type="button" className={primaryButton} disabled={running !== null} onClick={() => act(`${kind}-approve-${id}`, `POST /api/roster/${kind}/{id}/approve`, id)}>
        {t('rosterRequests.approve')}
      </button>
      <button
        type="button"
        className={secondaryButton}
        disabled={running !== null}
        onClick={() => act(`${kind}-${no}-${id}`, kind === 'claims' ? 'POST /api/roster/claims/{id}/decline' : 'POST /api/roster/swaps/{id}/reject', id)}
      >
        {t(no === 'decline' ? 'rosterRequests.decline' : 'rosterRequests.reject')}
      </button>
    </span>
  );
  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="r-claims" data-testid="claims">
        <h2 id="r-claims" className="mb-3 text-base font-semibold">
          {t('rosterRequests.claimsTitle')}
        </h2>
        {claims.length === 0 ? (
          <p className="text-sm text-muted">{t('rosterRequests.claimsEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line text-sm">
            {claims.map((c) => (
              <li key={c._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="claim">
                <span>
                  <span className="font-medium">{t('rosterRequests.claimBy', { name: c.employee.name })}</span>
                  <span className="block tabular-nums">{line(c.shift)}</span>
                  <span className="block text-xs text-muted">
                    {c.shift.department} · {t('rosterRequests.breakMinutes', { minutes: c.shift.breakMinutes })}
                  </span>
                </span>
                {buttons(c._id, 'claims', 'decline')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={card} aria-labelledby="r-swaps" data-testid="swaps">
        <h2 id="r-swaps" className="mb-3 text-base font-semibold">
          {t('rosterRequests.swapsAdminTitle')}
        </h2>
        {swaps.length === 0 ? (
          <p className="text-sm text-muted">{t('rosterRequests.swapsAdminEmpty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line text-sm">
            {swaps.map((w) => (
              <li key={w._id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="swap">
                <span>
                  <span className="font-medium">{t('rosterRequests.swapBetween', { from: w.from.name, to: w.to.name })}</span>
                  <span className="block tabular-nums">{line(w.shift)}</span>
                  {w.otherShift && <span className="block text-muted">{t('rosterRequests.inExchange', { shift: line(w.otherShift) })}</span>}
                  {w.note && <span className="block text-xs text-muted">“{w.note}”</span>}
                </span>
                {buttons(w._id, 'swaps', 'reject')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
