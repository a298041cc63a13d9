import { lazy, useEffect, useMemo, useState } from 'react';
import { ClipboardCheck, Plane, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { AppToaster } from '../ui/AppToaster.tsx';
import { formatDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { showFlash } from '#lib/client/flash.ts';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { EmployeeCell } from '../ui/EmployeeCell.tsx';
import { compactSelect, iconButton, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { leaveDatesColumn, leaveStatusColumn, leaveTypeColumn } from './leave-columns.tsx';
import { dateRange, STATUS_LABELS, type LeaveRow } from './leave-ui.tsx';

// The record form (react-hook-form, valibot, the schema) loads on first opening (decision 020).
const LeaveRecordForm = lazy(() => import('./LeaveRecordForm.tsx').then((m) => ({ default: m.LeaveRecordForm })));

interface Choice {
  _id: number;
  name: string;
}

interface Props {
  lang: Language;
  timezone: string;
  /** `record`: may record an absence, approved at once (issue 17.9; an administrator with leave.create). */
  can: { update: boolean; delete: boolean; record: boolean };
  /** Today in the company's zone (the record form's default dates). */
  today: string;
  /** Open the record form for this employee at once (`/leave-list?record=<id>`, from the employee details). */
  recordFor?: string | undefined;
  employees: Choice[];
  departments: Choice[];
  leaveTypes: Choice[];
  /** Filters to start with (the page reads them from its URL, so the dashboard and reports can link here filtered). */
  initialFilters?: Partial<Record<'status' | 'leaveType' | 'employee' | 'department' | 'from' | 'to', string>>;
}

/** The administrators' leave list (spec section 2): filters, server pagination, review and delete. */
export default function LeaveList({ lang, timezone, can, today, recordFor, employees, departments, leaveTypes, initialFilters = {} }: Props) {
  const t = translator(lang);
  const [status, setStatus] = useState(initialFilters.status ?? '');
  const [leaveType, setLeaveType] = useState(initialFilters.leaveType ?? '');
  const [employee, setEmployee] = useState(initialFilters.employee ?? '');
  const [department, setDepartment] = useState(initialFilters.department ?? '');
  const [from, setFrom] = useState(initialFilters.from ?? '');
  const [to, setTo] = useState(initialFilters.to ?? '');
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<LeaveRow | null>(null);
  const [recording, setRecording] = useState(can.record && recordFor !== undefined);

  useEffect(() => showFlash(), []);

  const filters = useMemo(() => {
    const f: Record<string, string> = {};
    for (const [key, value] of Object.entries({ status, leaveType, employee, department, from, to })) if (value) f[key] = value;
    return f;
  }, [status, leaveType, employee, department, from, to]);
  const filtered = Object.keys(filters).length > 0;

  const columns = useMemo<Column<LeaveRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('leave.employee'),
        sortKey: 'employee',
        cell: (l) => <EmployeeCell name={l.employeeName} department={l.departmentName} />,
      },
      leaveTypeColumn(t, false),
      leaveDatesColumn(t, lang, false),
      leaveStatusColumn(t),
      { id: 'createdAt', header: t('leave.requestedOn'), sortKey: 'createdAt', cell: (l) => <span className="whitespace-nowrap tabular-nums">{formatDate(l.createdAt, lang, timezone)}</span> },
    ],
    [lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it (timezone is a fixed prop)
  );

  const select = (label: string, value: string, set: (v: string) => void, options: [string, string][], testId: string) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select value={value} onChange={(e) => set(e.target.value)} className={`${compactSelect} w-full`} data-testid={testId}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const choices = (list: Choice[]) => list.map((c): [string, string] => [String(c._id), c.name]);

  return (
    <>
      <AppToaster />
      <div className="mb-4 grid gap-3 rounded-2xl border border-line bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6" role="group" aria-label={t('leave.filters')}>
        {select(t('fields.status'), status, setStatus, [['', t('leave.allStatuses')], ...Object.entries(STATUS_LABELS).map(([s, key]): [string, string] => [s, t(key)])], 'filter-status')}
        {select(t('leave.type'), leaveType, setLeaveType, [['', t('leave.allTypes')], ...choices(leaveTypes)], 'filter-type')}
        {select(t('leave.employee'), employee, setEmployee, [['', t('leave.allEmployees')], ...choices(employees)], 'filter-employee')}
        {select(t('fields.department'), department, setDepartment, [['', t('employees.allDepartments')], ...choices(departments)], 'filter-department')}
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('leave.from')}</span>
          <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={`${compactSelect} w-full`} data-testid="filter-from" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('leave.to')}</span>
          <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={`${compactSelect} w-full`} data-testid="filter-to" />
        </label>
      </div>
      <DataTable<LeaveRow>
        lang={lang}
        path="/leaves"
        columns={columns}
        defaultSort="from"
        defaultDir="desc"
        filters={filters}
        version={version}
        empty={{ icon: Plane, title: t('emptyStates.leave.title'), text: t('emptyStates.leave.text') }}
        filtered={filtered}
        noResultsTitle={t('messages.noLeaveFound')}
        onClearFilters={() => {
          for (const set of [setStatus, setLeaveType, setEmployee, setDepartment, setFrom, setTo]) set('');
        }}
        toolbar={
          <>
            {filtered && (
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  for (const set of [setStatus, setLeaveType, setEmployee, setDepartment, setFrom, setTo]) set('');
                }}
                data-testid="clear-filters"
              >
                {t('leave.clearFilters')}
              </button>
            )}
            {can.record && (
              <button type="button" className={primaryButton} onClick={() => setRecording(true)} data-testid="record-absence">
                <Plus size={18} aria-hidden="true" />
                {t('leave.recordAbsence')}
              </button>
            )}
          </>
        }
        rowActions={
          can.update || can.delete
            ? (l) => (
                <div className="flex gap-1">
                  {can.update && (
                    <a href={`/leave-edit/${l._id}`} className={iconButton} aria-label={t('leave.reviewNamed', { name: l.employeeName })} title={t('leave.review')} data-testid="review-leave">
                      <ClipboardCheck size={16} aria-hidden="true" />
                    </a>
                  )}
                  {can.delete && (
                    <button type="button" className={iconButton} aria-label={t('leave.deleteNamed', { name: l.employeeName })} title={t('form.delete')} onClick={() => setDeleting(l)}>
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  )}
                </div>
              )
            : undefined
        }
      />
      <Dialog open={recording} title={t('leave.recordAbsence')} onClose={() => setRecording(false)} closeLabel={t('common.close')} loadingLabel={t('common.loading')} size="md">
        {recording && (
          <LeaveRecordForm
            lang={lang}
            employees={employees}
            leaveTypes={leaveTypes}
            employee={recordFor}
            today={today}
            onCancel={() => setRecording(false)}
            onSaved={(message) => {
              toast.success(message);
              setRecording(false);
              setVersion((n) => n + 1);
            }}
          />
        )}
      </Dialog>
      <ConfirmDeleteDialog
        lang={lang}
        target={deleting && { path: `/leaves/${deleting._id}`, name: `${deleting.employeeName}, ${deleting.leaveTypeName} ${dateRange(deleting.from, deleting.to, lang)}` }}
        thing={t('leave.thing')}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setVersion((n) => n + 1);
        }}
      />
    </>
  );
}
