import { CalendarPlus, Copy, Repeat, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { addDays } from '#domain/time/zoned-time.ts';
import { mondayOf } from '#domain/roster/roster-grid.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { useRoster } from './use-roster.ts';

type Write = ReturnType<typeof useRoster>['write'];

interface Props {
  lang: Language;
  department: number;
  from: string;
  to: string;
  unpublished: number;
  busy: boolean;
  write: Write;
}

/**
 * The plan's bulk actions over the dates shown: copy the week to the next, repeat an N-week
 * pattern M times, fill empty days from the schedules, and publish (asks first: how many days
 * change and that the workers get an email; a toast says what was done).
 */
export function RosterActions({ lang, department, from, to, unpublished, busy, write }: Props) {
  const t = translator(lang);
  const [repeating, setRepeating] = useState(false);
  const [repeat, setRepeat] = useState({ weeks: '1', times: '4' });
  const [publishing, setPublishing] = useState(false);
  const monday = mondayOf(from);
  const made = (answer: { created: number; skipped: number } | undefined) => answer && toast.success(t('rosterGrid.made', { created: answer.created, skipped: answer.skipped }));

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="roster-actions">
      <button
        type="button"
        className={secondaryButton}
        disabled={busy}
        onClick={async () => made(await write('POST /api/roster/copy-week', { body: { department, from: monday, to: addDays(monday, 7) } }))}
        data-testid="copy-week"
      >
        <Copy size={16} aria-hidden="true" />
        {t('rosterGrid.copyWeek')}
      </button>
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => setRepeating(true)} data-testid="repeat">
        <Repeat size={16} aria-hidden="true" />
        {t('rosterGrid.repeat')}
      </button>
      <button type="button" className={secondaryButton} disabled={busy} onClick={async () => made(await write('POST /api/roster/fill', { body: { department, from, to } }))} data-testid="fill">
        <CalendarPlus size={16} aria-hidden="true" />
        {t('rosterGrid.fill')}
      </button>
      <button type="button" className={primaryButton} disabled={busy} onClick={() => setPublishing(true)} data-testid="publish">
        <Send size={16} aria-hidden="true" />
        {t('rosterGrid.publish')}
        <span
          className={`rounded-full px-2 text-xs font-semibold ${unpublished > 0 ? 'bg-amber-100 text-amber-900' : 'bg-white/20'}`}
          data-testid="unpublished-count"
          aria-label={t('rosterGrid.unpublishedCount', { count: unpublished })}
        >
          {unpublished}
        </span>
      </button>
      <Dialog open={repeating} title={t('rosterGrid.repeatTitle')} onClose={() => setRepeating(false)} closeLabel={t('common.close')} size="sm">
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const answer = await write('POST /api/roster/repeat', { body: { department, from: monday, weeks: Number(repeat.weeks), times: Number(repeat.times) } });
            if (answer) {
              setRepeating(false);
              made(answer);
            }
          }}
        >
          <p className="text-sm text-muted">{t('rosterGrid.repeatIntro', { from: monday })}</p>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('rosterGrid.repeatWeeks')}
            <input type="number" min={1} max={8} className={inputClass} value={repeat.weeks} onChange={(e) => setRepeat({ ...repeat, weeks: e.target.value })} data-testid="repeat-weeks" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('rosterGrid.repeatTimes')}
            <input type="number" min={1} max={12} className={inputClass} value={repeat.times} onChange={(e) => setRepeat({ ...repeat, times: e.target.value })} data-testid="repeat-times" />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setRepeating(false)}>
              {t('form.cancel')}
            </button>
            <button type="submit" className={primaryButton} disabled={busy} data-testid="repeat-confirm">
              {t('rosterGrid.repeatConfirm')}
            </button>
          </div>
        </form>
      </Dialog>
      <Dialog open={publishing} title={t('rosterGrid.publishTitle')} onClose={() => setPublishing(false)} closeLabel={t('common.close')} size="sm">
        <div className="flex flex-col gap-3" data-testid="publish-dialog">
          <p className="text-sm">{t('rosterGrid.publishBody', { count: unpublished, from, to })}</p>
          <p className="text-sm text-muted">{t('rosterGrid.publishEmail')}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={() => setPublishing(false)}>
              {t('form.cancel')}
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              data-testid="publish-confirm"
              onClick={async () => {
                const answer = await write('POST /api/roster/publish', { body: { department, from, to } });
                if (!answer) return;
                setPublishing(false);
                toast.success(t('rosterGrid.published', { count: answer.changedDays, notified: answer.notified }));
              }}
            >
              <Send size={16} aria-hidden="true" />
              {t('rosterGrid.publishConfirm')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
