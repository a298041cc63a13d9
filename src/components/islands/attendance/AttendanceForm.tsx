import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { AppToaster } from '../ui/AppToaster.tsx';
import { AttendanceCreateInput, AttendanceUpdateInput, OVERTIME_COMPENSATIONS, REASON_MAX, WORK_MODES } from '#domain/attendance/attendance-schema.ts';
import { OVERTIME_COMPENSATION_LABELS, OVERTIME_MARKED_BY_LABELS, WORK_MODE_LABELS } from '#domain/attendance/day-marks.ts';
import { minutesAfterTimeIn } from '#domain/attendance/shift-times.ts';
import type { AttendanceDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { showFlash } from '#lib/client/flash.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

/** The attendance being corrected, with its times already local (`HH:mm`) in its time zone. */
export type EditedAttendance = Pick<AttendanceDto, '_id' | 'employeeName' | 'revision' | 'timeOut' | 'breakIn' | 'breakOut' | 'workMode' | 'overtimeCompensation' | 'overtimeMarkedBy'> &
  Partial<Pick<AttendanceDto, 'overtimeForceMajeure'>> & {
    /** The record's date, formatted for the reader. */
    dateLabel: string;
    timeIn: string;
  };

interface Props {
  lang: Language;
  /** Employees to choose from (create). */
  employees: { _id: number; name: string }[];
  /** The attendance being corrected, or null to record a new one. */
  attendance: EditedAttendance | null;
  /** Today in the company's time zone (latest date that can be recorded). */
  today: string;
}

/** A correction or a new record: the two schemas share the time and reason fields. */
type AttendanceFormInput = FormInput<typeof AttendanceCreateInput> | FormInput<typeof AttendanceUpdateInput>;
type AttendanceFormOutput = FormOutput<typeof AttendanceCreateInput> | FormOutput<typeof AttendanceUpdateInput>;

type TimeField = 'timeIn' | 'timeOut' | 'breakIn' | 'breakOut';
const TIME_LABELS: Readonly<Record<TimeField, string>> = {
  timeIn: 'attendance.columns.timeIn',
  timeOut: 'attendance.columns.timeOut',
  breakIn: 'attendance.columns.breakIn',
  breakOut: 'attendance.columns.breakOut',
};

/**
 * Manual attendance (spec section 3): employee and date (fixed when correcting), local times,
 * a required written reason. A time out earlier than the time in is on the next day.
 */
export default function AttendanceForm({ lang, employees, attendance, today }: Props) {
  const t = translator(lang);
  const editing = attendance !== null;
  // Who set the day's overtime mark (decision 070): the worker's own choice or an administrator.
  const markedBy = attendance?.overtimeCompensation && attendance.overtimeMarkedBy ? t(OVERTIME_MARKED_BY_LABELS[attendance.overtimeMarkedBy]) : '';
  const compensationHint = markedBy ? `${t('attendance.overtimeCompensationHint')} ${markedBy}.` : t('attendance.overtimeCompensationHint');
  const form = useForm<AttendanceFormInput, unknown, AttendanceFormOutput>({
    defaultValues: editing
      ? {
          timeIn: attendance.timeIn,
          timeOut: attendance.timeOut ?? '',
          breakIn: attendance.breakIn ?? '',
          breakOut: attendance.breakOut ?? '',
          workMode: attendance.workMode,
          overtimeCompensation: attendance.overtimeCompensation ?? '',
          overtimeForceMajeure: attendance.overtimeForceMajeure ?? '',
          reason: '',
          revision: attendance.revision,
        }
      : { employee: '', date: '', timeIn: '', timeOut: '', breakIn: '', breakOut: '', workMode: 'on-site', overtimeCompensation: '', overtimeForceMajeure: '', reason: '' },
    resolver: valibotResolver(editing ? AttendanceUpdateInput : AttendanceCreateInput),
  });
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);
  // The 80 h overtime cap (decision 049): the override shows once the server refused for it.
  const [capRefused, setCapRefused] = useState(false);
  const [timeIn, timeOut, breakIn, breakOut, reason] = form.watch(['timeIn', 'timeOut', 'breakIn', 'breakOut', 'reason']);

  useEffect(() => showFlash(), []);

  async function submit(values: AttendanceFormOutput) {
    setFormError(undefined);
    await run(() => (editing ? api('PATCH /api/attendances/{id}', { params: [attendance._id], body: values, lang }) : api('POST /api/attendances', { body: values, lang })), {
      setError: form.setError,
      onError: (message, failure) => {
        setFormError(message);
        if (failure.code === 'balance.overtimeCapExceeded' || failure.code === 'balance.overtimeCapReasonRequired') setCapRefused(true);
      },
      success: 'flash',
      then: { assign: '/attendance' },
    });
  }

  const err = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);
  const describedBy = (name: string, hint?: string) => (err(name) ? `att-${name}-error` : hint ? `att-${name}-hint` : undefined);
  const field = (name: string, label: string, control: ReactNode, hint?: string, wide = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={`att-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {err(name) ? (
        <span id={`att-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
          {err(name)}
        </span>
      ) : (
        hint && (
          <span id={`att-${name}-hint`} className="text-xs text-muted">
            {hint}
          </span>
        )
      )}
    </div>
  );
  const time = (name: TimeField, hint?: string) =>
    field(name, t(TIME_LABELS[name]), <input id={`att-${name}`} type="time" className={inputClass} aria-invalid={!!err(name)} aria-describedby={describedBy(name, hint)} {...form.register(name)} />, hint);

  // "Next day" hints for times that fall after midnight of a night shift.
  const nextDay = (value: unknown) =>
    typeof timeIn === 'string' && /^\d\d:\d\d$/.test(timeIn) && typeof value === 'string' && /^\d\d:\d\d$/.test(value) && value < timeIn && minutesAfterTimeIn(timeIn, value) > 0 ? t('attendance.nextDay') : undefined;

  return (
    <>
      <AppToaster />
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-6" data-testid="attendance-form">
        {formError && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="form-error">
            {formError}
          </p>
        )}
        <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="att-day">
          <h2 id="att-day" className="mb-5 text-lg font-semibold">
            {t('attendance.day')}
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            {editing ? (
              <>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">{t('attendance.columns.employee')}</span>
                  <span data-testid="fixed-employee">{attendance.employeeName}</span>
                </div>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">{t('attendance.columns.date')}</span>
                  <span data-testid="fixed-date">{attendance.dateLabel}</span>
                </div>
              </>
            ) : (
              <>
                {field(
                  'employee',
                  t('attendance.columns.employee'),
                  <select id="att-employee" className={inputClass} aria-invalid={!!err('employee')} aria-describedby={describedBy('employee')} {...form.register('employee')}>
                    <option value="">{t('form.choose')}</option>
                    {employees.map((e) => (
                      <option key={e._id} value={e._id}>
                        {e.name}
                      </option>
                    ))}
                  </select>,
                )}
                {field(
                  'date',
                  t('attendance.columns.date'),
                  <input id="att-date" type="date" max={today} className={inputClass} aria-invalid={!!err('date')} aria-describedby={describedBy('date')} {...form.register('date')} />,
                )}
              </>
            )}
          </div>
        </section>
        <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="att-times">
          <h2 id="att-times" className="mb-1 text-lg font-semibold">
            {t('attendance.times')}
          </h2>
          <p className="mb-5 text-sm text-muted">{t('attendance.timesHint')}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            {time('timeIn')}
            {time('timeOut', nextDay(timeOut) ?? t('attendance.timeOutHint'))}
            {time('breakIn', nextDay(breakIn))}
            {time('breakOut', nextDay(breakOut))}
            {/* The draft Royal Decree's per-day content (decision 035): where the day was worked, and how its overtime is compensated. */}
            {field(
              'workMode',
              t('attendance.workMode'),
              <select id="att-workMode" className={inputClass} aria-invalid={!!err('workMode')} aria-describedby={describedBy('workMode')} {...form.register('workMode')}>
                {WORK_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t(WORK_MODE_LABELS[m])}
                  </option>
                ))}
              </select>,
            )}
            {field(
              'overtimeCompensation',
              t('attendance.overtimeCompensation'),
              <select
                id="att-overtimeCompensation"
                className={inputClass}
                aria-invalid={!!err('overtimeCompensation')}
                aria-describedby={describedBy('overtimeCompensation', compensationHint)}
                data-marked-by={attendance?.overtimeMarkedBy ?? undefined}
                {...form.register('overtimeCompensation')}
              >
                <option value="">{t(OVERTIME_COMPENSATION_LABELS.unmarked)}</option>
                {OVERTIME_COMPENSATIONS.map((c) => (
                  <option key={c} value={c}>
                    {t(OVERTIME_COMPENSATION_LABELS[c])}
                  </option>
                ))}
              </select>,
              compensationHint,
            )}
            {/* Force majeure overtime (art. 35.3 ET, decision 081): a reason marks it; outside the 80 h cap. */}
            {field(
              'overtimeForceMajeure',
              t('attendance.overtimeForceMajeure'),
              <input
                id="att-overtimeForceMajeure"
                className={inputClass}
                maxLength={500}
                aria-invalid={!!err('overtimeForceMajeure')}
                aria-describedby={describedBy('overtimeForceMajeure', t('attendance.overtimeForceMajeureHint'))}
                {...form.register('overtimeForceMajeure')}
              />,
              t('attendance.overtimeForceMajeureHint'),
            )}
            {capRefused && (
              <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:col-span-2 dark:border-amber-800 dark:bg-amber-950" data-testid="overtime-cap-override">
                <label className="flex items-start gap-2 text-sm font-medium">
                  <input type="checkbox" className="mt-1 h-4 w-4" aria-describedby="att-overtimeCapOverride-hint" {...form.register('overtimeCapOverride')} />
                  <span>
                    {t('balance.override.label')}
                    <span id="att-overtimeCapOverride-hint" className="block text-xs font-normal text-muted">
                      {t('balance.override.hint')}
                    </span>
                  </span>
                </label>
                {field(
                  'overtimeCapReason',
                  t('balance.override.reason'),
                  <input
                    id="att-overtimeCapReason"
                    type="text"
                    maxLength={500}
                    className={inputClass}
                    aria-invalid={!!err('overtimeCapReason')}
                    aria-describedby={describedBy('overtimeCapReason')}
                    {...form.register('overtimeCapReason')}
                  />,
                )}
              </div>
            )}
          </div>
        </section>
        <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="att-reason-title">
          <h2 id="att-reason-title" className="mb-5 text-lg font-semibold">
            {t('attendance.columns.reason')}
          </h2>
          {field(
            'reason',
            t(editing ? 'attendance.reasonForChange' : 'attendance.reasonForEntry'),
            <textarea
              id="att-reason"
              rows={3}
              maxLength={REASON_MAX}
              className={`${inputClass} py-2`}
              aria-invalid={!!err('reason')}
              aria-describedby={describedBy('reason', t('attendance.reasonHint'))}
              {...form.register('reason')}
            />,
            `${t('attendance.reasonHint')} ${String(reason ?? '').length}/${REASON_MAX}`,
            true,
          )}
        </section>
        <div className="flex justify-end gap-2">
          <a href="/attendance" className={secondaryButton} data-testid="cancel">
            {t('form.cancel')}
          </a>
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting} data-testid="save">
            {form.formState.isSubmitting ? t('common.loading') : t('form.save')}
          </button>
        </div>
      </form>
    </>
  );
}
