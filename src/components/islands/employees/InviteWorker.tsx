import { useState } from 'react';
import { MailX, Printer, Send } from 'lucide-react';
import { toast } from 'sonner';
import type { InviteInput } from '#domain/accounts/account-links.ts';
import { ACCOUNT_STATUS_LABELS, type AccountStatus } from '#domain/accounts/account-status.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { apiFailure } from '#lib/client/use-api-action.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import { secondaryButton } from '../ui/buttons.ts';
import { InvitationSheet, type SheetEntry } from './InvitationSheet.tsx';

/** The employee form's "Worker's account" box (decision 066): invite by email or on the sheet, send again, revoke. */
export default function InviteWorker({
  lang,
  employeeId,
  status: initial,
  hasEmail = true,
}: {
  lang: Language;
  employeeId: number;
  status: AccountStatus;
  /** Without an email the sheet is the only way (decision 075). */ hasEmail?: boolean;
}) {
  const t = translator(lang);
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [sheet, setSheet] = useState<SheetEntry[] | null>(null);

  async function act(run: () => Promise<{ message: string }>, after: AccountStatus) {
    setBusy(true);
    try {
      toast.success((await run()).message);
      setStatus(after);
    } catch (e) {
      toast.error(apiFailure(e, t('errors.somethingWentWrong')).message);
    } finally {
      setBusy(false);
    }
  }

  const invite = (delivery: InviteInput['delivery']) =>
    act(async () => {
      const body: InviteInput = { employees: [employeeId], delivery };
      const answer = await api('POST /api/invitations', { body, lang });
      if (delivery === 'sheet') setSheet(answer.data.invited.flatMap((e): SheetEntry[] => (typeof e.url === 'string' ? [{ ...e, url: e.url }] : [])));
      return answer;
    }, 'invited');

  return (
    <section className="rounded-2xl border border-line bg-card p-5" aria-labelledby="invite-worker-title" data-testid="invite-worker">
      <AppToaster />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invite-worker-title" className="text-lg font-semibold">
          {t('invitations.formTitle')}
        </h2>
        <span className="text-sm font-medium text-muted" data-testid="account-status">
          {t(ACCOUNT_STATUS_LABELS[status])}
        </span>
      </div>
      {status !== 'joined' && (
        <>
          <p className="mt-2 mb-4 text-sm text-muted">{t('invitations.formText')}</p>
          <div className="flex flex-wrap gap-2">
            {hasEmail && (
              <button type="button" className={secondaryButton} onClick={() => invite('email')} disabled={busy} data-testid="invite-email">
                <Send size={16} aria-hidden="true" />
                {t(status === 'none' ? 'invitations.invite' : 'invitations.resend')}
              </button>
            )}
            <button type="button" className={secondaryButton} onClick={() => invite('sheet')} disabled={busy}>
              <Printer size={16} aria-hidden="true" />
              {t('invitations.printSheet')}
            </button>
            {status === 'invited' && (
              <button type="button" className={secondaryButton} onClick={() => act(() => api('DELETE /api/employees/{id}/invitation', { params: [employeeId], lang }), 'none')} disabled={busy}>
                <MailX size={16} aria-hidden="true" />
                {t('invitations.revoke')}
              </button>
            )}
          </div>
        </>
      )}
      {sheet && <InvitationSheet lang={lang} entries={sheet} expiresOn={new Date(Date.now() + 7 * 86_400_000).toLocaleDateString(lang)} onClose={() => setSheet(null)} />}
    </section>
  );
}
