import { useEffect } from 'react';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import { defaultScheduleStart } from '#domain/schedules/default-start.ts';
import type { ScheduleCreateInput } from '#domain/schedules/schedule-schema.ts';
import { scheduledMinutes } from '#domain/schedules/schedule-rules.ts';
import { inputClass } from '../ui/buttons.ts';
import { fieldError, fieldMessage, type FormInput } from '../ui/valibot-resolver.ts';
import { DAY_LABELS, WEEK_ORDER } from '#domain/schedules/rest-days.ts';

/** Monday first, as people read a working week. */

type ShiftName = 'startTime' | 'offTime' | 'totalHours' | 'restDays' | 'fromDate' | 'toDate';
/** The shift's fields as the form holds them (the schedule and the department forms both have them). */
export type ShiftFormValues = Pick<FormInput<typeof ScheduleCreateInput>, ShiftName>;

/** What a new shift's default first day is worked out from: today and the coming holidays (company zone). */
export interface StartDefault {
  today: string;
  holidays: readonly string[];
}

/** The first day a new shift with these rest days takes by default (the server's rule, never today). */
export function defaultStartOf(start: StartDefault, restDays: readonly string[] = []): string {
  return defaultScheduleStart(start.today, restDays, new Set(start.holidays));
}

/**
 * Start/off time, total hours (filled from the times), rest days and the date range of a shift.
 * With `startDefault` (a new shift), the first day follows the rest days ticked (the next working
 * day after today) until the person edits it.
 */
export function ShiftFields<T extends ShiftFormValues>({ form, t, startDefault }: { form: UseFormReturn<T, unknown, unknown>; t: (key: string, p?: Record<string, unknown>) => string; startDefault?: StartDefault }) {
  /** A shift field's path in the surrounding form (T has them all). */
  const path = (name: ShiftName) => name as string as Path<T>;
  const restDays = form.watch(path('restDays')) as unknown;
  const restKey = Array.isArray(restDays) ? restDays.join(',') : '';
  const fromEdited = Boolean((form.formState.dirtyFields as Record<string, unknown>).fromDate);
  useEffect(() => {
    if (!startDefault || fromEdited) return;
    const next = defaultStartOf(startDefault, restKey ? restKey.split(',') : []);
    if (form.getValues(path('fromDate')) !== next) form.setValue(path('fromDate'), next as PathValue<T, Path<T>>);
  }, [restKey, fromEdited]); // eslint-disable-line react-hooks/exhaustive-deps -- proposes the first day when the rest days change, until the user edits it
  const err = (name: ShiftName) => fieldMessage(fieldError(form.formState.errors, name), t);
  const field = (name: ShiftName, label: string, type: string, extra: Record<string, unknown> = {}, afterBlur?: () => void) => {
    const registered = form.register(path(name));
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={`shift-${name}`} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={`shift-${name}`}
          type={type}
          className={inputClass}
          aria-invalid={!!err(name)}
          aria-describedby={err(name) ? `shift-${name}-error` : undefined}
          {...extra}
          {...registered}
          onBlur={async (e) => {
            await registered.onBlur(e);
            afterBlur?.();
          }}
        />
        {err(name) && (
          <span id={`shift-${name}-error`} className="text-xs text-red-700 dark:text-red-400">
            {err(name)}
          </span>
        )}
      </div>
    );
  };
  const fillHours = () => {
    const [start, off] = form.getValues([path('startTime'), path('offTime')]) as [string, string];
    if (/^\d\d:\d\d$/.test(start) && /^\d\d:\d\d$/.test(off)) {
      const hours = String(Math.round((scheduledMinutes({ startTime: start, offTime: off }) / 60) * 100) / 100);
      form.setValue(path('totalHours'), hours as PathValue<T, Path<T>>);
    }
  };
  return (
    <>
      {field('startTime', t('schedules.startTime'), 'time', {}, fillHours)}
      {field('offTime', t('schedules.offTime'), 'time', {}, fillHours)}
      {field('totalHours', t('schedules.totalHours'), 'number', { step: '0.25', min: 0.25, max: 24 })}
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">{t('employees.restDays')}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEK_ORDER.map((day) => (
            <label key={day} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm capitalize">
              <input type="checkbox" value={day} {...form.register(path('restDays'))} />
              {t(DAY_LABELS[day])}
            </label>
          ))}
        </div>
        {err('restDays') && <span className="text-xs text-red-700 dark:text-red-400">{err('restDays')}</span>}
      </fieldset>
      {field('fromDate', t('schedules.fromDate'), 'date')}
      {field('toDate', t('schedules.toDate'), 'date')}
    </>
  );
}
