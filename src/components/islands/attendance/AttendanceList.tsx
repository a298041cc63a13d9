import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { WORK_FLAG_LABELS } from '#domain/attendance/work-flag.ts';
import { Ban, CalendarCheck, Clock, FileSpreadsheet, Pencil, Plus } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import { formatDuration, formatLocalDate } from '#domain/format/intl-format.ts';
import { formatRecordTime, isNextDayOf } from '#domain/format/record-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { showFlash } from '#lib/client/flash.ts';
import { VoidAttendanceDialog } from './VoidAttendanceDialog.tsx';
import { OnLeavePanel } from './OnLeavePanel.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { EmployeeCell } from '../ui/EmployeeCell.tsx';
import { compactSelect, iconButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import type { AttendanceDto, DepartmentDto } from '#domain/api/records.ts';
import type { AttendanceWorkTime } from '#domain/worktime/work-time-warnings-by-day.ts';
import { warningBadgeText, warningText } from '#domain/worktime/work-time-warning-text.ts';

/** An attendance as the list shows it (`GET /api/attendances`). */
export type AttendanceRow = Pick<
  AttendanceDto,
  | '_id'
  | 'employee'
  | 'employeeName'
  | 'departmentName'
  | 'date'
  | 'timezone'
  | 'timeIn'
  | 'timeOut'
  | 'breakIn'
  | 'breakOut'
  | 'workedSeconds'
  | 'statusInOut'
  | 'missingCheckOut'
  | 'closedAutomatically'
  | 'statusIn'
  | 'lateSeconds'
  | 'earlyDepartureSeconds'
  | 'reason'
  | 'source'
  | 'workFlag'
  | 'outsidePunches'
  | 'voidedAt'
  | 'voidReason'
> &
  AttendanceWorkTime;

interface Props {
  lang: Language;
  timeFormat: '1' | '2';
  can: { create: boolean; update: boolean; delete: boolean };
  employees: { _id: number; name: string }[];
  departments: Pick<DepartmentDto, '_id' | 'name'>[];
  /** Filters to start with (the page reads them from its URL, so other screens can link here filtered). */
  initialFilters?: Partial<Record<'from' | 'to' | 'employee' | 'department' | 'status' | 'late' | 'early', string>>;
}

const badge = 'inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';
const GOOD = 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200';
const WARN = 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const INFO = 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200';
const MUTED = 'bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200';
const FLAG = 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200';

/** The attendance list (spec section 3): filters, server pagination, export of the filtered list. */
export default function AttendanceList({ lang, timeFormat, can, employees, departments, initialFilters = {} }: Props) {
  const t = translator(lang);
  const [from, setFrom] = useState(initialFilters.from ?? '');
  const [to, setTo] = useState(initialFilters.to ?? '');
  const [employee, setEmployee] = useState(initialFilters.employee ?? '');
  const [department, setDepartment] = useState(initialFilters.department ?? '');
  const [status, setStatus] = useState(initialFilters.status ?? '');
  const [late, setLate] = useState(initialFilters.late ?? '');
  const [early, setEarly] = useState(initialFilters.early ?? '');
  const [version, setVersion] = useState(0);
  const [exportQuery, setExportQuery] = useState('');
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);

  useEffect(() => showFlash(), []);

  const filters = useMemo(() => {
    const f: Record<string, string> = {};
    for (const [key, value] of Object.entries({ from, to, employee, department, status, late, early })) if (value) f[key] = value;
    return f;
  }, [from, to, employee, department, status, late, early]);
  const filtered = Object.keys(filters).length > 0;

  const time = (instant: string | null, row: AttendanceRow) => {
    if (!instant) return <span className="text-muted">—</span>;
    const nextDay = isNextDayOf(instant, row);
    return (
      <span className="whitespace-nowrap tabular-nums">
        {formatRecordTime(instant, row.timezone, lang, timeFormat)}
        {nextDay && (
          <sup className="ms-0.5 text-muted" title={t('attendance.nextDay')}>
            +1
          </sup>
        )}
      </span>
    );
  };
  const minutes = (seconds: number) => formatDuration(seconds, lang);
  /** A voided day (decision 033) stays in the list, struck through. */
  const struck = (a: AttendanceRow, node: ReactNode) => (a.voidedAt ? <del className="text-muted">{node}</del> : node);

  const columns = useMemo<Column<AttendanceRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('attendance.columns.employee'),
        sortKey: 'employee',
        cell: (a) => <EmployeeCell name={a.employeeName} department={a.departmentName} />,
      },
      {
        id: 'date',
        header: t('attendance.columns.date'),
        sortKey: 'date',
        cell: (a) => (
          <span className="flex flex-col items-start gap-1">
            {struck(a, <span className="whitespace-nowrap tabular-nums">{formatLocalDate(a.date, lang)}</span>)}
            {/* Work outside the schedule (decision 032). */}
            {a.workFlag && (
              <span className={`${badge} ${FLAG}`} data-testid="work-flag" data-flag={a.workFlag}>
                {t(WORK_FLAG_LABELS[a.workFlag])}
              </span>
            )}
            {/* Over Spain's work-time limits (decision 050): the measured value, the sentence in the title. */}
            {/* Proof of place (decision 068): on-site punches made outside every workplace. */}
            {a.outsidePunches > 0 && (
              <span className={`${badge} ${WARN}`} data-testid="outside-workplaces" title={t('reports.record.outsideWorkplaces', { count: String(a.outsidePunches) })}>
                {t('proofOfPlace.outsideBadge')}
              </span>
            )}
            {a.warnings.map((w) => (
              <span key={w.kind} className={`${badge} ${WARN}`} title={warningText(w, lang, t)} data-testid="work-time-warning" data-kind={w.kind}>
                {warningBadgeText(w, lang, t)}
              </span>
            ))}
          </span>
        ),
      },
      { id: 'timeIn', header: t('attendance.columns.timeIn'), cell: (a) => struck(a, time(a.timeIn, a)) },
      { id: 'timeOut', header: t('attendance.columns.timeOut'), cell: (a) => struck(a, time(a.timeOut, a)) },
      { id: 'breakIn', header: t('attendance.columns.breakIn'), cell: (a) => time(a.breakIn, a) },
      { id: 'breakOut', header: t('attendance.columns.breakOut'), cell: (a) => time(a.breakOut, a) },
      {
        id: 'totalHours',
        header: t('attendance.columns.totalHours'),
        cell: (a) =>
          a.workedSeconds === null ? (
            <span className="text-muted">—</span>
          ) : (
            <span className="flex flex-col items-start gap-0.5">
              {struck(a, <span className="whitespace-nowrap tabular-nums">{minutes(a.workedSeconds)}</span>)}
              {/* What the break rules count, when it differs (decision 050). */}
              {a.countedSeconds !== null && a.countedSeconds !== a.workedSeconds && !a.voidedAt && (
                <span
                  className="whitespace-nowrap text-xs text-muted tabular-nums"
                  data-testid="counted-time"
                  title={a.deductedSeconds > 0 ? t('workTime.list.deductedTitle', { duration: minutes(a.deductedSeconds) }) : t('workTime.list.paidBreaksTitle')}
                >
                  {t(a.deductedSeconds > 0 ? 'workTime.list.countedDeducted' : 'workTime.list.counted', { counted: minutes(a.countedSeconds), deducted: minutes(a.deductedSeconds) })}
                </span>
              )}
            </span>
          ),
      },
      {
        id: 'statusInOut',
        header: t('attendance.columns.statusInOut'),
        cell: (a) =>
          a.voidedAt ? (
            <span className={`${badge} ${MUTED}`} data-testid="voided" title={a.voidReason ?? ''}>
              {t('attendance.voided')}
            </span>
          ) : a.missingCheckOut ? (
            <span className={`${badge} ${WARN}`}>{t('attendance.missingCheckOut')}</span>
          ) : a.closedAutomatically ? (
            <span className={`${badge} ${WARN}`} data-testid="closed-automatically" title={t('attendance.closedAutomaticallyTitle')}>
              {t('attendance.closedAutomatically')}
            </span>
          ) : (
            <span className={`${badge} ${a.statusInOut === 'in' ? INFO : MUTED}`}>{t(a.statusInOut === 'in' ? 'attendance.in' : 'attendance.out')}</span>
          ),
      },
      {
        id: 'statusIn',
        header: t('attendance.columns.statusIn'),
        cell: (a) =>
          a.statusIn === null || a.voidedAt ? (
            <span className="text-muted">—</span>
          ) : a.statusIn === 'late' ? (
            <span className={`${badge} ${WARN}`} title={minutes(a.lateSeconds)}>
              {t('attendance.lateBy', { duration: minutes(a.lateSeconds) })}
            </span>
          ) : (
            <span className={`${badge} ${GOOD}`}>{t('attendance.onTime')}</span>
          ),
      },
      {
        id: 'earlyDeparture',
        header: t('attendance.columns.earlyDeparture'),
        cell: (a) => (a.earlyDepartureSeconds > 0 && !a.voidedAt ? <span className={`${badge} ${WARN}`}>{minutes(a.earlyDepartureSeconds)}</span> : <span className="text-muted">—</span>),
      },
      {
        id: 'reason',
        header: t('attendance.columns.reason'),
        cell: (a) =>
          a.voidedAt ? (
            <span className="line-clamp-2 max-w-56 text-sm" title={a.voidReason ?? ''} data-testid="void-reason-cell">
              {t('attendance.voidedBecause', { reason: a.voidReason ?? '' })}
            </span>
          ) : a.reason ? (
            <span className="line-clamp-2 max-w-56 text-sm" title={a.reason}>
              {a.reason}
            </span>
          ) : (
            <span className="text-xs text-muted">{t(a.source === 'clock' ? 'attendance.sourceClock' : 'attendance.sourceManual')}</span>
          ),
      },
    ],
    [lang, timeFormat], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang and timeFormat; the columns change only with them
  );

  const addLink = can.create ? (
    <a href="/attendance-create" className={primaryButton} data-testid="add-attendance">
      <Plus size={18} aria-hidden="true" />
      {t('form.addNew')}
    </a>
  ) : null;

  const select = (label: string, value: string, set: (v: string) => void, options: [string, string][], testId: string) => (
    <select aria-label={label} value={value} onChange={(e) => set(e.target.value)} className={compactSelect} data-testid={testId}>
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  );

  return (
    <>
      <AppToaster />
      <OnLeavePanel lang={lang} from={from} to={to} employee={employee} department={department} />
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-card p-4" role="group" aria-label={t('attendance.filters')}>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('attendance.from')}</span>
          <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={compactSelect} data-testid="filter-from" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('attendance.to')}</span>
          <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={compactSelect} data-testid="filter-to" />
        </label>
        {select(t('attendance.columns.employee'), employee, setEmployee, [['', t('attendance.allEmployees')], ...employees.map((e): [string, string] => [String(e._id), e.name])], 'filter-employee')}
        {select(t('fields.department'), department, setDepartment, [['', t('employees.allDepartments')], ...departments.map((d): [string, string] => [String(d._id), d.name])], 'filter-department')}
        {select(
          t('attendance.columns.statusInOut'),
          status,
          setStatus,
          [
            ['', t('attendance.anyStatus')],
            ['open', t('attendance.openDays')],
            ['closed', t('attendance.closedDays')],
          ],
          'filter-status',
        )}
        {select(
          t('attendance.columns.statusIn'),
          late,
          setLate,
          [
            ['', t('attendance.anyArrival')],
            ['yes', t('attendance.lateOnly')],
            ['no', t('attendance.onTime')],
          ],
          'filter-late',
        )}
        {select(
          t('attendance.columns.earlyDeparture'),
          early,
          setEarly,
          [
            ['', t('attendance.anyDeparture')],
            ['yes', t('attendance.earlyOnly')],
            ['no', t('attendance.noEarly')],
          ],
          'filter-early',
        )}
        {filtered && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              for (const set of [setFrom, setTo, setEmployee, setDepartment, setStatus, setLate, setEarly]) set('');
            }}
          >
            {t('attendance.clearFilters')}
          </button>
        )}
      </div>
      <DataTable<AttendanceRow>
        lang={lang}
        path="/attendances"
        columns={columns}
        defaultSort="date"
        defaultDir="desc"
        filters={filters}
        version={version}
        onQueryChange={(params) => setExportQuery(params.toString())}
        empty={{
          icon: CalendarCheck,
          title: t('emptyStates.attendance.title'),
          text: t('emptyStates.attendance.text'),
          action: (
            <>
              <a href="/clock" className={primaryButton} data-testid="empty-open-clock">
                <Clock size={18} aria-hidden="true" />
                {t('emptyStates.attendance.openClock')}
              </a>
              {can.create && (
                <a href="/attendance-create" className={secondaryButton}>
                  <Plus size={18} aria-hidden="true" />
                  {t('emptyStates.attendance.addByHand')}
                </a>
              )}
            </>
          ),
        }}
        filtered={filtered}
        noResultsTitle={t('messages.noAttendanceFound')}
        onClearFilters={() => {
          for (const set of [setFrom, setTo, setEmployee, setDepartment, setStatus, setLate, setEarly]) set('');
        }}
        toolbar={
          <>
            <a href={`/api/attendances/export?${exportQuery}&lang=${lang}`} download className={secondaryButton} data-testid="export-excel">
              <FileSpreadsheet size={18} aria-hidden="true" />
              {t('attendance.export')}
            </a>
            {addLink}
          </>
        }
        rowActions={
          can.update || can.delete
            ? (a) => (
                <div className="flex gap-1">
                  {can.update && !a.voidedAt && (
                    <a href={`/attendance-edit/${a._id}`} className={iconButton} aria-label={t('attendance.editOf', { name: a.employeeName, date: formatLocalDate(a.date, lang) })} title={t('form.edit')}>
                      <Pencil size={16} aria-hidden="true" />
                    </a>
                  )}
                  {can.delete && a.source === 'manual' && !a.voidedAt && (
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={t('attendance.voidOf', { name: a.employeeName, date: formatLocalDate(a.date, lang) })}
                      title={t('attendance.voidConfirm')}
                      data-testid="void-attendance"
                      onClick={() => setTarget({ id: a._id, name: `${a.employeeName}, ${formatLocalDate(a.date, lang)}` })}
                    >
                      <Ban size={16} aria-hidden="true" />
                    </button>
                  )}
                </div>
              )
            : undefined
        }
      />
      <VoidAttendanceDialog
        lang={lang}
        target={target}
        onClose={() => setTarget(null)}
        onVoided={() => {
          setTarget(null);
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
