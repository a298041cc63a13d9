import { Lock } from 'lucide-react';
import { rosterWarningOfWire, rosterWarningText } from '#domain/roster/roster-warning-text.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import type { RosterIndex } from './roster-cells.ts';
import type { RosterDto } from './roster-dto.ts';
import { EmployeeDay } from './RosterCell.tsx';
import { ShiftChip } from './ShiftChip.tsx';

/**
 * The phone's roster (390 px): one day, a list of the employees with their shift, the open shifts
 * and the day's coverage; a row opens the same menu as a grid cell (no drag and drop here).
 */
export function DayView({
  lang,
  roster,
  index,
  date,
  canEdit,
  onOpen,
}: {
  lang: Language;
  roster: RosterDto;
  index: RosterIndex;
  date: string;
  canEdit: boolean;
  onOpen: (employee: number | null, date: string) => void;
}) {
  const t = translator(lang);
  const holiday = index.holidays.get(date);
  const open = index.openShifts(date);
  const row = 'flex w-full items-start gap-3 px-4 py-3 text-start disabled:cursor-default';
  return (
    <div className="flex flex-col gap-3" data-testid="roster-day-view">
      {holiday && (
        <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100" data-testid="roster-holiday">
          {holiday}
        </p>
      )}
      <ul className="divide-y divide-line rounded-2xl border border-line bg-card">
        {roster.employees.map((e) => {
          const info = index.cell(e._id, date);
          const template = info.shift?.template != null ? index.templates.get(info.shift.template) : undefined;
          return (
            <li key={e._id} className="relative">
              <button type="button" className={`${row} group`} disabled={!canEdit || info.locked} onClick={() => onOpen(e._id, date)} data-testid="day-row" data-employee={e._id}>
                <span className="w-32 shrink-0 font-medium">{e.name}</span>
                <span className="min-w-0 flex-1">
                  {info.shift || info.leave || info.warnings.length ? (
                    <EmployeeDay
                      info={info}
                      template={template}
                      compact={false}
                      draftLabel={t('rosterGrid.draft')}
                      warningsLabel={t('rosterGrid.warnings')}
                      warningText={(w) => rosterWarningText(rosterWarningOfWire(w), lang, t)}
                    />
                  ) : (
                    <span className="text-sm text-muted">{t('rosterGrid.empty')}</span>
                  )}
                </span>
                {info.locked && (
                  <span className="text-muted" title={t('rosterGrid.locked')}>
                    <Lock size={14} aria-hidden="true" />
                    <span className="sr-only">{t('rosterGrid.locked')}</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
        <li>
          <button type="button" className={row} disabled={!canEdit || index.openLocked(date)} onClick={() => onOpen(null, date)} data-testid="day-open-row">
            <span className="w-32 shrink-0 font-medium">{t('rosterGrid.openShifts')}</span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              {open.length === 0 && <span className="text-sm text-muted">{t('rosterGrid.empty')}</span>}
              {open.map((s) => (
                <ShiftChip key={s._id} shift={s} template={s.template != null ? index.templates.get(s.template) : undefined} draftLabel={t('rosterGrid.draft')} />
              ))}
            </span>
          </button>
        </li>
      </ul>
      {roster.coverage.some((c) => c.date === date && c.needed > 0) && (
        <section className="rounded-2xl border border-line bg-card px-4 py-3 text-sm" aria-label={t('rosterGrid.coverage')}>
          <h2 className="mb-1 font-semibold">{t('rosterGrid.coverage')}</h2>
          {roster.coverage
            .filter((c) => c.date === date && c.needed > 0)
            .map((c) => (
              <p key={c.template} className={c.planned < c.needed ? 'font-semibold text-red-800 dark:text-red-200' : 'text-muted'} data-testid={c.planned < c.needed ? 'coverage-gap' : 'coverage-ok'}>
                {t('rosterGrid.coverageTitle', { name: index.templates.get(c.template)?.name ?? '', planned: c.planned, needed: c.needed })}
              </p>
            ))}
        </section>
      )}
    </div>
  );
}
