import { lazy, useEffect, useMemo, useState } from 'react';
import type { StartDefault } from './ShiftFields.tsx';
import { CalendarClock, Plus, Users } from 'lucide-react';
import { AppToaster } from '../ui/AppToaster.tsx';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { showFlash } from '#lib/client/flash.ts';
import { Badge } from '../ui/Badge.tsx';
import { ConfirmDeleteDialog } from '../ui/ConfirmDeleteDialog.tsx';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { compactSelect, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { RowActions } from '../ui/RowActions.tsx';
import { restDaysText } from '#domain/schedules/rest-days.ts';
import type { DepartmentDto, ScheduleDto } from '#domain/api/records.ts';

/** The form (react-hook-form, valibot, the shift fields) loads on the dialog's first opening. */
const AssignDepartmentForm = lazy(() => import('./AssignDepartmentForm.tsx').then((m) => ({ default: m.AssignDepartmentForm })));

type ScheduleRow = Pick<ScheduleDto, '_id' | 'employeeName' | 'departmentName' | 'startTime' | 'offTime' | 'totalHours' | 'restDays' | 'fromDate' | 'toDate' | 'status' | 'onLeave'>;

interface Props {
  lang: Language;
  can: { create: boolean; update: boolean; delete: boolean };
  departments: Pick<DepartmentDto, '_id' | 'name'>[];
  /** Today and the coming holidays, for a new shift's default first day. */
  startDefault: StartDefault;
}

/** Schedules: list with filters and pagination, add, edit, delete, and assign one to a department. */
export default function ScheduleList({ lang, can, departments, startDefault }: Props) {
  const t = translator(lang);
  const [status, setStatus] = useState<'current' | 'previous' | ''>('current');
  const [department, setDepartment] = useState('');
  const [version, setVersion] = useState(0);
  const [deleting, setDeleting] = useState<ScheduleRow | null>(null);
  const [assigning, setAssigning] = useState(false);
  const fmtDate = (d: string | null) => (d ? new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`)) : '—');

  useEffect(() => showFlash(), []);
  const filters = useMemo(() => ({ ...(status ? { status } : {}), ...(department ? { department } : {}) }), [status, department]);

  const columns = useMemo<Column<ScheduleRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('schedules.employee'),
        sortKey: 'employee',
        cell: (s) => (
          <span className="font-medium">
            {s.employeeName}
            {s.onLeave && <span className="ms-2 inline-flex rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200">{t('schedules.onLeaveToday')}</span>}
          </span>
        ),
      },
      { id: 'department', header: t('fields.department'), sortKey: 'department', cell: (s) => s.departmentName },
      {
        id: 'time',
        header: t('schedules.shift'),
        sortKey: 'startTime',
        cell: (s) => (
          <span className="tabular-nums">
            {s.startTime}–{s.offTime}
          </span>
        ),
      },
      { id: 'hours', header: t('schedules.totalHours'), cell: (s) => <span className="tabular-nums">{s.totalHours}</span> },
      { id: 'rest', header: t('employees.restDays'), cell: (s) => restDaysText(s.restDays, t) || '—' },
      { id: 'from', header: t('schedules.fromDate'), sortKey: 'fromDate', cell: (s) => fmtDate(s.fromDate) },
      { id: 'to', header: t('schedules.toDate'), cell: (s) => fmtDate(s.toDate) },
      {
        id: 'status',
        header: t('fields.status'),
        cell: (s) => <Badge on={s.status === 'current'}>{t(s.status === 'current' ? 'schedules.current' : 'schedules.previous')}</Badge>,
      },
    ],
    [lang], // eslint-disable-line react-hooks/exhaustive-deps -- t and the cell helpers are rebuilt every render from lang; the columns change only with it
  );

  const addLink = can.create ? (
    <a href="/schedule-create" className={primaryButton} data-testid="add-schedule">
      <Plus size={18} aria-hidden="true" />
      {t('form.addNew')}
    </a>
  ) : null;

  return (
    <>
      <AppToaster />
      <DataTable<ScheduleRow>
        lang={lang}
        path="/schedules"
        columns={columns}
        defaultSort="employee"
        filters={filters}
        version={version}
        empty={{
          icon: CalendarClock,
          title: t('emptyStates.schedules.title'),
          text: t(can.create ? 'emptyStates.schedules.text' : 'emptyStates.schedules.readOnly'),
          action: can.create ? (
            <a href="/schedule-create" className={primaryButton} data-testid="empty-add-schedule">
              <Plus size={18} aria-hidden="true" />
              {t('emptyStates.schedules.add')}
            </a>
          ) : null,
        }}
        filtered={status !== 'current' || department !== ''}
        noResultsTitle={t('messages.noScheduleFound')}
        onClearFilters={() => {
          setStatus('current');
          setDepartment('');
        }}
        toolbar={
          <>
            <select aria-label={t('fields.status')} value={status} onChange={(e) => setStatus(e.target.value as typeof status)} className={compactSelect} data-testid="schedule-status">
              <option value="current">{t('schedules.current')}</option>
              <option value="previous">{t('schedules.previous')}</option>
              <option value="">{t('employees.statusAll')}</option>
            </select>
            <select aria-label={t('fields.department')} value={department} onChange={(e) => setDepartment(e.target.value)} className={compactSelect}>
              <option value="">{t('employees.allDepartments')}</option>
              {departments.map((d) => (
                <option key={d._id} value={d._id}>
                  {d.name}
                </option>
              ))}
            </select>
            {can.create && (
              <button type="button" className={secondaryButton} onClick={() => setAssigning(true)} data-testid="assign-department">
                <Users size={16} aria-hidden="true" />
                {t('schedules.assignDepartment')}
              </button>
            )}
            {addLink}
          </>
        }
        rowActions={
          can.update || can.delete
            ? (s) => <RowActions lang={lang} name={s.employeeName} editHref={can.update ? `/schedule-edit/${s._id}` : undefined} onDelete={can.delete ? () => setDeleting(s) : undefined} />
            : undefined
        }
      />
      <ConfirmDeleteDialog
        lang={lang}
        target={deleting && { path: `/schedules/${deleting._id}`, name: `${deleting.employeeName} ${deleting.startTime}–${deleting.offTime}` }}
        thing={t('schedules.singular')}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setVersion((n) => n + 1);
        }}
      />
      <Dialog open={assigning} title={t('schedules.assignDepartment')} onClose={() => setAssigning(false)} closeLabel={t('common.close')} loadingLabel={t('common.loading')}>
        {assigning && (
          <AssignDepartmentForm
            lang={lang}
            departments={departments}
            startDefault={startDefault}
            onDone={() => {
              setAssigning(false);
              setVersion((n) => n + 1);
            }}
            onCancel={() => setAssigning(false)}
          />
        )}
      </Dialog>
    </>
  );
}
