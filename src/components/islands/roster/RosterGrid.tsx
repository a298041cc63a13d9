import { useState, type KeyboardEvent } from 'react';
import { gridMove, isoWeekday, type GridPosition } from '#domain/roster/roster-grid.ts';
import { shiftWorkMinutes } from '#domain/roster/shift-times.ts';
import { rosterWarningOfWire, rosterWarningText } from '#domain/roster/roster-warning-text.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import type { RosterIndex } from './roster-cells.ts';
import type { RosterDto, RosterShiftDto } from './roster-dto.ts';
import { EmployeeDay, OpenShiftChip, RosterCell } from './RosterCell.tsx';

interface Props {
  lang: Language;
  roster: RosterDto;
  index: RosterIndex;
  compact: boolean;
  canEdit: boolean;
  /** A cell's menu: the employee (null = open row) and date. */
  onOpen: (employee: number | null, date: string) => void;
  onRemove: (shift: RosterShiftDto) => void;
  /** True while something is dragged: the arrow keys then belong to dnd-kit. */
  dragging: boolean;
}

const hours = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The roster as an ARIA grid: employees as rows, then the open shifts, days as columns; a
 * coverage row at the foot (planned/needed per template, short days marked). One cell is in the
 * tab order; arrows, Home and End move; Enter opens the cell's menu; Delete removes its shift.
 */
export function RosterGrid({ lang, roster, index, compact, canEdit, onOpen, onRemove, dragging }: Props) {
  const t = translator(lang);
  const locale = lang === 'es' ? 'es-ES' : 'en-GB';
  const [focus, setFocus] = useState<GridPosition>({ row: 0, col: 0 });
  const rows = roster.employees.length + 1;
  const cols = roster.dates.length;
  const dayName = (d: string, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: style, day: 'numeric', ...(style === 'long' ? { month: 'long' } : {}), timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  const employeeOf = (row: number) => (row < roster.employees.length ? roster.employees[row]!._id : null);

  function keyDown(e: KeyboardEvent<HTMLTableCellElement>, at: GridPosition) {
    if (dragging) return;
    const employee = employeeOf(at.row);
    const date = roster.dates[at.col]!;
    const locked = employee === null ? index.openLocked(date) : index.cell(employee, date).locked;
    if (e.key === 'Enter') {
      e.preventDefault();
      if (!locked && canEdit) onOpen(employee, date);
      return;
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      const shift = employee === null ? index.openShifts(date)[0] : index.cell(employee, date).shift;
      if (shift && !locked && canEdit) onRemove(shift);
      return;
    }
    const next = gridMove(at, e.key, rows, cols);
    if (!next) return;
    e.preventDefault();
    setFocus(next);
    e.currentTarget.closest('table')?.querySelector<HTMLElement>(`[data-cell="${next.row}:${next.col}"]`)?.focus();
  }

  const coverageOf = (date: string) => roster.coverage.filter((c) => c.date === date && c.needed > 0);
  const th = 'border-b border-e border-line px-2 py-2 text-start text-xs font-medium text-muted';

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-card">
      <table
        role="grid"
        aria-label={t('rosterGrid.gridLabel', { department: roster.department.name })}
        aria-rowcount={rows + 2}
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        data-testid="roster-grid"
      >
        <thead>
          <tr>
            <th scope="col" className={`${th} sticky start-0 z-10 w-40 bg-card`}>
              {t('rosterGrid.employee')}
            </th>
            {roster.dates.map((d) => {
              const holiday = index.holidays.get(d);
              return (
                <th key={d} scope="col" className={`${th} ${compact ? 'w-12 px-1 text-center' : 'w-32'} ${isoWeekday(d) >= 6 ? 'bg-gray-50 dark:bg-gray-900/60' : ''}`} data-testid="roster-day">
                  <span className="block font-semibold text-ink capitalize">{compact ? `${dayName(d, 'short').split(' ')[0]!.slice(0, 2)} ${Number(d.slice(8))}` : dayName(d, 'short')}</span>
                  {holiday && (
                    <span className="block truncate text-[0.7rem] text-sky-800 dark:text-sky-200" title={holiday} data-testid="roster-holiday">
                      {compact ? '★' : holiday}
                      {compact && <span className="sr-only">{holiday}</span>}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {roster.employees.map((employee, row) => {
            const minutes = roster.dates.reduce((sum, d) => {
              const s = index.cell(employee._id, d).shift;
              return sum + (s ? shiftWorkMinutes(s) : 0);
            }, 0);
            return (
              <tr key={employee._id} data-testid="roster-row">
                <th scope="row" className={`${th} sticky start-0 z-10 bg-card font-normal text-ink`}>
                  <span className="block truncate font-medium">{employee.name}</span>
                  <span className="block text-xs text-muted tabular-nums">{t('rosterGrid.plannedHours', { hours: hours(minutes) })}</span>
                </th>
                {roster.dates.map((date, col) => {
                  const info = index.cell(employee._id, date);
                  const template = info.shift?.template != null ? index.templates.get(info.shift.template) : undefined;
                  const what = info.shift ? `${template ? `${template.name} ` : ''}${info.shift.startTime}–${info.shift.endTime}` : t('rosterGrid.empty');
                  return (
                    <RosterCell
                      key={date}
                      employee={employee._id}
                      date={date}
                      row={row}
                      col={col}
                      focused={focus.row === row && focus.col === col}
                      label={`${employee.name}, ${dayName(date, 'long')}: ${what}`}
                      locked={info.locked}
                      lockedLabel={t('rosterGrid.locked')}
                      holiday={info.holiday}
                      dragShift={info.shift ? { kind: 'shift', shift: info.shift._id, employee: employee._id, date, label: what } : null}
                      canEdit={canEdit}
                      onKeyDown={(e) => keyDown(e, { row, col })}
                      onFocus={() => setFocus({ row, col })}
                      onOpen={() => onOpen(employee._id, date)}
                    >
                      <EmployeeDay
                        info={info}
                        template={template}
                        compact={compact}
                        draftLabel={t('rosterGrid.draft')}
                        warningsLabel={t('rosterGrid.warnings')}
                        warningText={(w) => rosterWarningText(rosterWarningOfWire(w), lang, t)}
                      />
                    </RosterCell>
                  );
                })}
              </tr>
            );
          })}
          <tr data-testid="roster-open-row">
            <th scope="row" className={`${th} sticky start-0 z-10 bg-card font-medium text-ink`}>
              {t('rosterGrid.openShifts')}
            </th>
            {roster.dates.map((date, col) => {
              const row = roster.employees.length;
              const open = index.openShifts(date);
              const locked = index.openLocked(date);
              return (
                <RosterCell
                  key={date}
                  employee={null}
                  date={date}
                  row={row}
                  col={col}
                  focused={focus.row === row && focus.col === col}
                  label={`${t('rosterGrid.openShifts')}, ${dayName(date, 'long')}: ${open.length ? open.map((s) => `${s.startTime}–${s.endTime}`).join(', ') : t('rosterGrid.empty')}`}
                  locked={locked}
                  lockedLabel={t('rosterGrid.locked')}
                  holiday={index.holidays.get(date) ?? null}
                  dragShift={null}
                  canEdit={canEdit}
                  onKeyDown={(e) => keyDown(e, { row, col })}
                  onFocus={() => setFocus({ row, col })}
                  onOpen={() => onOpen(null, date)}
                >
                  <div className="flex flex-col gap-0.5">
                    {open.map((s) => (
                      <OpenShiftChip
                        key={s._id}
                        shift={s}
                        template={s.template != null ? index.templates.get(s.template) : undefined}
                        compact={compact}
                        draftLabel={t('rosterGrid.draft')}
                        claimsLabel={s.claims ? t('rosterGrid.claims', { count: s.claims }) : null}
                        disabled={locked || !canEdit}
                      />
                    ))}
                  </div>
                </RosterCell>
              );
            })}
          </tr>
        </tbody>
        <tfoot>
          <tr data-testid="roster-coverage-row">
            <th scope="row" className={`${th} sticky start-0 z-10 bg-card font-medium text-ink`}>
              {t('rosterGrid.coverage')}
            </th>
            {roster.dates.map((date) => (
              <td key={date} className="border-e border-line p-1 align-top text-[0.7rem]">
                {coverageOf(date).map((c) => {
                  const short = c.planned < c.needed;
                  const name = index.templates.get(c.template)?.name ?? '';
                  return (
                    <span
                      key={c.template}
                      className={`block truncate rounded px-1 tabular-nums ${short ? 'bg-red-100 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100' : 'text-muted'}`}
                      title={t('rosterGrid.coverageTitle', { name, planned: c.planned, needed: c.needed })}
                      data-testid={short ? 'coverage-gap' : 'coverage-ok'}
                    >
                      <span aria-hidden="true">{compact ? `${c.planned}/${c.needed}` : `${name} ${c.planned}/${c.needed}`}</span>
                      <span className="sr-only">{t('rosterGrid.coverageTitle', { name, planned: c.planned, needed: c.needed })}</span>
                    </span>
                  );
                })}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
