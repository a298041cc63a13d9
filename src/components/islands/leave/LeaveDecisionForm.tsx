import { useState } from 'react';
import { Check, RotateCcw, X } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import type { LeaveStatus } from '#domain/leave/leave-rules.ts';
import type { LeaveDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { dangerButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Props {
  lang: Language;
  leave: Pick<LeaveDto, '_id' | 'status' | 'comment'>;
}

const COMMENT_MAX = 1000;

/** Approve or decline a request with a comment the employee sees (or set a decision back to pending). */
export default function LeaveDecisionForm({ lang, leave }: Props) {
  const t = translator(lang);
  const [comment, setComment] = useState(leave.comment ?? '');
  const { run, running: busy } = useApiAction<LeaveStatus>(lang);
  const [error, setError] = useState<{ message: string; comment?: string }>();

  async function decide(status: LeaveStatus) {
    setError(undefined);
    await run(() => api('PATCH /api/leaves/{id}', { params: [leave._id], body: { status, comment }, lang }), {
      key: status,
      success: 'flash',
      then: { assign: '/leave-list' },
      onError: (message, failure) => setError({ message, comment: failure.fields['comment'] }),
    });
  }

  return (
    <>
      <AppToaster />
      <form onSubmit={(e) => e.preventDefault()} noValidate className="flex flex-col gap-4" data-testid="decision-form">
        {error && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {error.message}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="leave-comment" className="text-sm font-medium">
            {t('leave.comment')}
          </label>
          <textarea
            id="leave-comment"
            rows={4}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={`${inputClass} py-2`}
            aria-invalid={!!error?.comment}
            aria-describedby="leave-comment-hint"
          />
          <span id="leave-comment-hint" className={`text-xs ${error?.comment ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
            {error?.comment ?? `${t('leave.commentHint')} ${comment.length}/${COMMENT_MAX}`}
          </span>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <button type="button" className={dangerButton} onClick={() => decide('declined')} disabled={busy !== null} data-testid="decline">
            <X size={16} aria-hidden="true" />
            {busy === 'declined' ? t('common.loading') : t('leave.decline')}
          </button>
          <button type="button" className={primaryButton} onClick={() => decide('approved')} disabled={busy !== null} data-testid="approve">
            <Check size={16} aria-hidden="true" />
            {busy === 'approved' ? t('common.loading') : t('leave.approve')}
          </button>
          {leave.status !== 'pending' && (
            <button type="button" className={`${secondaryButton} col-span-2`} onClick={() => decide('pending')} disabled={busy !== null} data-testid="reopen">
              <RotateCcw size={16} aria-hidden="true" />
              {t('leave.reopen')}
            </button>
          )}
        </div>
      </form>
    </>
  );
}
