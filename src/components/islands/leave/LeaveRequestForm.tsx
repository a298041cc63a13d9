import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppToaster } from '../ui/AppToaster.tsx';
import { useConfirmDiscard } from '../ui/ConfirmDiscard.tsx';
import { formatLocalDate, formatNumber } from '#domain/format/intl-format.ts';
import { countWorkingDays, returnDateAfter, workingDaysByYear, type WorkCalendar } from '#domain/leave/leave-days.ts';
import { daysInYear } from '#domain/leave/leave-rules.ts';
import { LeaveRequestInput } from '#domain/leave/leave-schema.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { LeaveDto } from '#domain/api/records.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { setFlash } from '#lib/client/flash.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Balance {
  leaveType: number;
  daysPerYear: number | null;
  /** The year's days (prorated or accrued) and those carried over (decision 053). */
  entitled: number | null;
  carriedOver: number;
  remaining: number | null;
}

interface Props {
  lang: Language;
  employeeId: number;
  /** The leave types of the employee's leave group privilege. */
  leaveTypes: { id: number; name: string; daysPerYear: number | null }[];
  /** The employee's schedules: the form previews working days and the return date with them. */
  schedules: ScheduleRule[];
  /** The pending request being edited, or null for a new one. */
  leave: Pick<LeaveDto, '_id' | 'leaveType' | 'from' | 'to' | 'reason'> | null;
  today: string;
}

const REASON_MAX = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Request leave, or change a pending request: type (only those of the leave group), first and last
 * day, reason. Working days and the return date are previewed from the schedule with the same rules
 * the server applies; the server decides (privilege, overlap, balance).
 */
export default function LeaveRequestForm({ lang, employeeId, leaveTypes, schedules, leave, today }: Props) {
  const t = translator(lang);
  const editing = leave !== null;
  const form = useForm<FormInput<typeof LeaveRequestInput>, unknown, FormOutput<typeof LeaveRequestInput>>({
    defaultValues: editing
      ? { leaveType: String(leave.leaveType), from: leave.from, to: leave.to, reason: leave.reason }
      : { leaveType: leaveTypes.length === 1 ? String(leaveTypes[0]!.id) : '', from: today, to: today, reason: '' },
    resolver: valibotResolver(LeaveRequestInput),
  });
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);
  const [balances, setBalances] = useState<Record<number, Balance[]>>({});
  const calendar = useMemo<WorkCalendar>(() => ({ schedules }), [schedules]);

  const [leaveType, from, to, reason] = form.watch(['leaveType', 'from', 'to', 'reason']) as [string, string, string, string];
  const validRange = DATE.test(from ?? '') && DATE.test(to ?? '') && from <= to && Number(to.slice(0, 4)) - Number(from.slice(0, 4)) <= 1;
  const years = validRange ? [...workingDaysByYear(calendar, from, to).keys()] : [];
  const yearsKey = years.join(',');

  useEffect(() => {
    for (const year of years) {
      if (balances[year]) continue;
      api('GET /api/leaves/balances', { query: { employee: employeeId, year }, lang })
        .then((res) => setBalances((b) => ({ ...b, [year]: res.data })))
        .catch(() => undefined);
    }
  }, [yearsKey]); // eslint-disable-line react-hooks/exhaustive-deps -- yearsKey stands for the years; the balances already loaded are skipped, not a reason to load again

  const days = validRange ? countWorkingDays(calendar, from, to) : 0;
  const type = leaveTypes.find((lt) => String(lt.id) === String(leaveType));
  const hints = type
    ? years
        .map((year) => {
          const b = balances[year]?.find((x) => x.leaveType === type.id);
          if (!b) return '';
          if (b.entitled === null || b.remaining === null) return t('leave.balanceUnlimited', { year });
          // An edited request's own days are already reserved in the balance: give them back.
          const own = editing && leave.leaveType === type.id ? daysInYear(calendar, leave, year) : 0;
          return t('leave.balanceHint', { year, remaining: formatNumber(b.remaining + own, lang), allowance: formatNumber(b.entitled + b.carriedOver, lang) });
        })
        .filter(Boolean)
    : [];

  async function submit(values: FormOutput<typeof LeaveRequestInput>) {
    setFormError(undefined);
    const body = { ...values, employee: employeeId };
    await run(() => api(editing ? `/leaves/${leave._id}` : '/leaves', { method: editing ? 'PATCH' : 'POST', body, lang }), {
      setError: form.setError,
      onError: setFormError,
      success: 'flash',
      then: { assign: '/personal/leave' },
    });
  }

  function leaveForm() {
    setFlash(t('messages.leaveDiscarded'), 'info');
    window.location.assign('/personal/leave');
  }
  const discardGuard = useConfirmDiscard(lang, form.formState.isDirty, leaveForm);

  const err = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);
  const field = (name: string, label: string, control: React.ReactNode, hint?: string, wide = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={`leave-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {err(name) ? (
        <span id={`leave-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
          {err(name)}
        </span>
      ) : (
        hint && (
          <span id={`leave-${name}-hint`} className="text-xs text-muted">
            {hint}
          </span>
        )
      )}
    </div>
  );
  const describedBy = (name: string, hint?: string) => (err(name) ? `leave-${name}-error` : hint ? `leave-${name}-hint` : undefined);
  const typeHint = hints.join(' · ') || undefined;

  return (
    <>
      <AppToaster />
      {discardGuard.dialog}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="flex max-w-3xl flex-col gap-6" data-testid="leave-form">
        {formError && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            {formError}
          </p>
        )}
        <section className="grid gap-5 rounded-2xl border border-line bg-card p-6 sm:grid-cols-2">
          {field(
            'leaveType',
            t('leave.type'),
            <select id="leave-leaveType" className={inputClass} aria-invalid={!!err('leaveType')} aria-describedby={describedBy('leaveType', typeHint)} {...form.register('leaveType')}>
              <option value="">{t('form.choose')}</option>
              {leaveTypes.map((lt) => (
                <option key={lt.id} value={lt.id}>
                  {lt.name}
                </option>
              ))}
            </select>,
            typeHint,
            true,
          )}
          {field('from', t('leave.from'), <input id="leave-from" type="date" className={inputClass} aria-invalid={!!err('from')} aria-describedby={describedBy('from')} {...form.register('from')} />)}
          {field('to', t('leave.to'), <input id="leave-to" type="date" min={from || undefined} className={inputClass} aria-invalid={!!err('to')} aria-describedby={describedBy('to')} {...form.register('to')} />)}
          <div className="flex flex-col gap-1 sm:col-span-2" aria-live="polite">
            <span className="text-sm font-medium">{t('leave.returnDate')}</span>
            <p className="control flex flex-wrap items-center justify-between gap-x-4 rounded-lg border border-line bg-page px-3 text-sm">
              {!validRange ? (
                '—'
              ) : days === 0 ? (
                <span className="text-red-700 dark:text-red-400" data-testid="leave-no-days">
                  {t('leave.noWorkingDays')}
                </span>
              ) : (
                <>
                  <span className="font-medium" data-testid="leave-return">
                    {formatLocalDate(returnDateAfter(calendar, to), lang, 'long')}
                  </span>
                  <span className="text-muted" data-testid="leave-days">
                    {t('leave.workingDays', { days })}
                  </span>
                </>
              )}
            </p>
            <span className="text-xs text-muted">{t('leave.returnHint')}</span>
          </div>
          {field(
            'reason',
            t('leave.reason'),
            <textarea
              id="leave-reason"
              rows={3}
              maxLength={REASON_MAX}
              className={`${inputClass} py-2`}
              aria-invalid={!!err('reason')}
              aria-describedby={describedBy('reason', `${String(reason ?? '').length}/${REASON_MAX}`)}
              {...form.register('reason')}
            />,
            `${String(reason ?? '').length}/${REASON_MAX}`,
            true,
          )}
        </section>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={discardGuard.request} data-testid="discard">
            {t('employees.discard')}
          </button>
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting} data-testid="save">
            {form.formState.isSubmitting ? t('common.loading') : t('form.save')}
          </button>
        </div>
      </form>
    </>
  );
}
