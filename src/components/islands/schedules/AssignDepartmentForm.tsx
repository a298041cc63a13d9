import { CalendarPlus } from 'lucide-react';
import { useForm, type FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import { DepartmentScheduleInput } from '../../../domain/schedules/schedule-schema.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translator } from '../../../i18n/translate.ts';
import { api, ApiError } from '../../../lib/client/api.ts';
import { inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';
import { fieldMessage, valibotResolver } from '../ui/valibot-resolver.ts';
import { ShiftFields } from './ShiftFields.tsx';

/** Assigns one shift to every employee of a department (POST /schedules/bulk). */
export function AssignDepartmentForm(props: { lang: Language; departments: { _id: number; name: string }[]; today: string; onDone: () => void; onCancel: () => void }) {
  const t = translator(props.lang);
  const form = useForm<FieldValues>({
    defaultValues: { department: '', startTime: '09:00', offTime: '17:00', totalHours: '8', restDays: ['Saturday', 'Sunday'], fromDate: props.today, toDate: '' },
    resolver: valibotResolver(DepartmentScheduleInput),
  });
  const err = fieldMessage(form.formState.errors['department']?.message, t);
  async function submit(values: FieldValues) {
    try {
      const answer = await api<{ message: string }>('/schedules/bulk', { method: 'POST', body: values, lang: props.lang });
      toast.success(answer.message);
      props.onDone();
    } catch (e) {
      if (e instanceof ApiError) for (const [name, message] of Object.entries(e.errors)) form.setError(name, { type: 'server', message });
      toast.error(e instanceof ApiError ? e.message : t('errors.somethingWentWrong'));
    }
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4 sm:grid-cols-2" data-testid="assign-form">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor="assign-department" className="text-sm font-medium">{t('fields.department')}</label>
        <select id="assign-department" className={inputClass} aria-invalid={!!err} {...form.register('department')}>
          <option value="">{t('form.choose')}</option>
          {props.departments.map((d) => <option key={d._id} value={d._id}>{d.name}</option>)}
        </select>
        {err && <span className="text-xs text-red-700 dark:text-red-400">{err}</span>}
      </div>
      <ShiftFields form={form} t={t} />
      <p className="text-xs text-muted sm:col-span-2">{t('schedules.assignHint')}</p>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <button type="button" className={secondaryButton} onClick={props.onCancel}>{t('form.cancel')}</button>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}><CalendarPlus size={16} aria-hidden="true" />{t('schedules.assign')}</button>
      </div>
    </form>
  );
}
