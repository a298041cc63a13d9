import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LeaveRequestInput } from '#domain/leave/leave-schema.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldError, fieldMessage, valibotResolver, type FormInput, type FormOutput } from '../ui/valibot-resolver.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';

interface Choice {
  _id: number;
  name: string;
}

interface Props {
  lang: Language;
  employees: Choice[];
  leaveTypes: Choice[];
  /** The employee to start with (the employee details page links here with it). */
  employee?: string | undefined;
  today: string;
  onCancel: () => void;
  onSaved: (message: string) => void;
}

const REASON_MAX = 1000;

/**
 * Issue 17.9: an administrator records an absence for an employee (sick leave, a day off agreed
 * in person), approved at once and in their name. The server checks the same working days,
 * overlap and balance as for a request (decision 031).
 */
export function LeaveRecordForm({ lang, employees, leaveTypes, employee, today, onCancel, onSaved }: Props) {
  const t = translator(lang);
  const form = useForm<FormInput<typeof LeaveRequestInput>, unknown, FormOutput<typeof LeaveRequestInput>>({
    defaultValues: { employee: employee ?? '', leaveType: leaveTypes.length === 1 ? String(leaveTypes[0]!._id) : '', from: today, to: today, reason: '', approved: true },
    resolver: valibotResolver(LeaveRequestInput),
  });
  const [formError, setFormError] = useState<string>();
  const { run } = useApiAction(lang);
  const [from, reason] = form.watch(['from', 'reason']) as [string, string];

  async function submit(values: FormOutput<typeof LeaveRequestInput>) {
    setFormError(undefined);
    await run(() => api('POST /api/leaves', { body: { ...values, approved: true }, lang }), {
      setError: form.setError,
      onError: setFormError,
      then: (answer) => onSaved(answer.message),
    });
  }

  const err = (name: string) => fieldMessage(fieldError(form.formState.errors, name), t);
  const field = (name: string, label: string, control: React.ReactNode, wide = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={`record-${name}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {err(name) && (
        <span id={`record-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
          {err(name)}
        </span>
      )}
    </div>
  );
  const a11y = (name: string) => ({ id: `record-${name}`, 'aria-invalid': !!err(name), 'aria-describedby': err(name) ? `record-${name}-error` : undefined });

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-5" data-testid="leave-record-form">
      <p className="text-sm text-muted">{t('leave.recordHint')}</p>
      {formError && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {formError}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          'employee',
          t('leave.employee'),
          <select className={inputClass} {...a11y('employee')} {...form.register('employee')}>
            <option value="">{t('form.choose')}</option>
            {employees.map((e) => (
              <option key={e._id} value={e._id}>
                {e.name}
              </option>
            ))}
          </select>,
          true,
        )}
        {field(
          'leaveType',
          t('leave.type'),
          <select className={inputClass} {...a11y('leaveType')} {...form.register('leaveType')}>
            <option value="">{t('form.choose')}</option>
            {leaveTypes.map((lt) => (
              <option key={lt._id} value={lt._id}>
                {lt.name}
              </option>
            ))}
          </select>,
          true,
        )}
        {field('from', t('leave.from'), <input type="date" className={inputClass} {...a11y('from')} {...form.register('from')} />)}
        {field('to', t('leave.to'), <input type="date" min={from || undefined} className={inputClass} {...a11y('to')} {...form.register('to')} />)}
        {field('reason', t('leave.reason'), <textarea rows={3} maxLength={REASON_MAX} className={`${inputClass} py-2`} {...a11y('reason')} {...form.register('reason')} />, true)}
        <span className="text-xs text-muted sm:col-span-2">{`${String(reason ?? '').length}/${REASON_MAX}`}</span>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('form.cancel')}
        </button>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting} data-testid="save-record">
          {form.formState.isSubmitting ? t('common.loading') : t('leave.recordSave')}
        </button>
      </div>
    </form>
  );
}
