import { useState, type FormEvent } from 'react';
import { PhoneCall, Timer, Trash2 } from 'lucide-react';
import { formatDuration } from '#domain/format/intl-format.ts';
import { formatRecordTime } from '#domain/format/record-time.ts';
import { localDateOf, localDateTimeToUtcIso } from '#domain/time/zoned-time.ts';
import { CONTACT_CHANNEL_LABELS, CONTACT_CHANNELS, STANDBY_KIND_LABELS, STANDBY_KINDS, type InterruptionEntry, type StandbyEntry } from '#domain/worktime/time-apart.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import { iconButton, inputClass, primaryButton, secondaryButton } from '../ui/buttons.ts';

interface Props {
  lang: Language;
  /** The company zone: the form's local times are read in it (as a manual day's are). */
  timeZone: string;
  timeFormat: '1' | '2';
  /** Left out: the personal area (the session's own employee); given: an administrator's entry for that employee. */
  employeeId?: number;
  standby: readonly StandbyEntry[];
  interruptions: readonly InterruptionEntry[];
}

type Form = 'standby' | 'interruption' | null;
const FIELD_KEYS = { startAt: 'ta-start', endAt: 'ta-end', calledInSeconds: 'ta-called-in', at: 'ta-at', durationSeconds: 'ta-duration', note: 'ta-note' } as const;

/**
 * Waiting and on-call periods and interruptions of digital disconnection (issue 38 point 1,
 * decision 080): the month's list with a remove button, and the two forms. The personal area
 * posts to /api/personal/… (the session's own employee; a worker removes only what they entered);
 * an administrator's page, with `employeeId`, to the attendance-authority endpoints. The server
 * judges everything (future, overlap, called-in part inside the period, period lock); its field
 * errors show under the fields. A success reloads the page, so the record below shows it.
 */
export default function TimeApartPanel(props: Props) {
  const { lang, timeZone } = props;
  const t = translator(lang);
  const personal = props.employeeId === undefined;
  const [open, setOpen] = useState<Form>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const { run, busy } = useApiAction<string>(lang);
  const time = (iso: string) => `${localDateOf(iso, timeZone)} ${formatRecordTime(iso, timeZone, lang, props.timeFormat)}`;
  /** A datetime-local value ("2031-03-04T19:00") read in the company zone as an instant. */
  const instant = (local: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? localDateTimeToUtcIso(local.slice(0, 10), local.slice(11, 16), timeZone) : local);
  const minutes = (value: FormDataEntryValue | null) => (value === null || value === '' ? 0 : Math.round(Number(value) * 60));

  function submit(kind: 'standby' | 'interruption') {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      const note = String(data.get('note') ?? '');
      const body =
        kind === 'standby'
          ? { kind: data.get('kind'), startAt: instant(String(data.get('startAt'))), endAt: instant(String(data.get('endAt'))), calledInSeconds: minutes(data.get('calledIn')), note }
          : { at: instant(String(data.get('at'))), channel: data.get('channel'), durationSeconds: minutes(data.get('duration')), workDone: data.get('workDone') === 'on', note };
      const path = personal ? (kind === 'standby' ? '/personal/standby' : '/personal/interruptions') : kind === 'standby' ? '/standby-periods' : '/disconnection-interruptions';
      setAlert('');
      await run(() => api(path, { method: 'POST', lang, body: personal ? body : { ...body, employee: props.employeeId } }), {
        key: kind,
        onFieldErrors: setErrors,
        onError: (message) => setAlert(message),
        success: 'flash',
        then: 'reload',
      });
    };
  }

  async function remove(kind: 'standby' | 'interruption', id: number) {
    const removal = personal
      ? () => api(kind === 'standby' ? 'DELETE /api/personal/standby/{id}' : 'DELETE /api/personal/interruptions/{id}', { params: [id], lang })
      : () => api(kind === 'standby' ? 'DELETE /api/standby-periods/{id}' : 'DELETE /api/disconnection-interruptions/{id}', { params: [id], lang });
    await run(removal, { key: `${kind}-${id}`, success: 'flash', then: 'reload' });
  }

  const mayRemove = (source: string) => !personal || source === 'personal';
  const fieldError = (field: keyof typeof FIELD_KEYS) =>
    errors[field] ? (
      <p id={`${FIELD_KEYS[field]}-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: keyof typeof FIELD_KEYS) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_KEYS[field]}-error` } : {});
  const label = 'mb-1 block text-sm font-medium';
  const toggle = (form: Form) => {
    setErrors({});
    setAlert('');
    setOpen(open === form ? null : form);
  };

  return (
    <section className="rounded-2xl border border-line bg-card p-5 print:hidden" aria-labelledby="time-apart-title" data-testid="time-apart">
      <h2 id="time-apart-title" className="text-lg font-semibold">
        {t('timeApart.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t(personal ? 'timeApart.intro' : 'timeApart.adminIntro')}</p>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold">{t('timeApart.standbyList')}</h3>
          {props.standby.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('timeApart.none')}</p>
          ) : (
            <ul className="mt-1 divide-y divide-line text-sm" data-testid="standby-list">
              {props.standby.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{t(STANDBY_KIND_LABELS[p.kind])}</span> {time(p.startAt)} – {time(p.endAt)}
                    {p.calledInSeconds > 0 && <> · {t('timeApart.calledIn', { duration: formatDuration(p.calledInSeconds, lang) })}</>}
                    {personal && p.source === 'manual' && <span className="text-muted"> · {t('timeApart.byCompany')}</span>}
                  </span>
                  {mayRemove(p.source) && (
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => remove('standby', p.id)}
                      disabled={busy}
                      aria-label={t('timeApart.removeNamed', { what: `${t(STANDBY_KIND_LABELS[p.kind])} ${time(p.startAt)}` })}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold">{t('timeApart.interruptionList')}</h3>
          {props.interruptions.length === 0 ? (
            <p className="mt-1 text-sm text-muted">{t('timeApart.none')}</p>
          ) : (
            <ul className="mt-1 divide-y divide-line text-sm" data-testid="interruption-list">
              {props.interruptions.map((i) => (
                <li key={i.id} className="flex items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{t(CONTACT_CHANNEL_LABELS[i.channel])}</span> {time(i.at)} · {formatDuration(i.durationSeconds, lang)} · {t(i.workDone ? 'timeApart.worked' : 'timeApart.notWorked')}
                    {personal && i.source === 'manual' && <span className="text-muted"> · {t('timeApart.byCompany')}</span>}
                  </span>
                  {mayRemove(i.source) && (
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => remove('interruption', i.id)}
                      disabled={busy}
                      aria-label={t('timeApart.removeNamed', { what: `${t(CONTACT_CHANNEL_LABELS[i.channel])} ${time(i.at)}` })}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={secondaryButton} aria-expanded={open === 'standby'} onClick={() => toggle('standby')} data-testid="add-standby">
          <Timer size={16} aria-hidden="true" />
          {t('timeApart.addStandby')}
        </button>
        <button type="button" className={secondaryButton} aria-expanded={open === 'interruption'} onClick={() => toggle('interruption')} data-testid="add-interruption">
          <PhoneCall size={16} aria-hidden="true" />
          {t('timeApart.addInterruption')}
        </button>
      </div>

      {alert && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400" data-testid="time-apart-alert">
          {alert}
        </p>
      )}

      {open === 'standby' && (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit('standby')} noValidate data-testid="standby-form">
          <div>
            <label className={label} htmlFor="ta-kind">
              {t('timeApart.kind')}
            </label>
            <select id="ta-kind" name="kind" className={inputClass} defaultValue="on_call">
              {STANDBY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(STANDBY_KIND_LABELS[k])}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={label} htmlFor="ta-called-in">
              {t('timeApart.calledInMinutes')}
            </label>
            <input id="ta-called-in" name="calledIn" type="number" min="0" step="1" inputMode="numeric" className={inputClass} defaultValue="0" {...invalid('calledInSeconds')} />
            {fieldError('calledInSeconds')}
          </div>
          <div>
            <label className={label} htmlFor="ta-start">
              {t('timeApart.start')}
            </label>
            <input id="ta-start" name="startAt" type="datetime-local" required className={inputClass} {...invalid('startAt')} />
            {fieldError('startAt')}
          </div>
          <div>
            <label className={label} htmlFor="ta-end">
              {t('timeApart.end')}
            </label>
            <input id="ta-end" name="endAt" type="datetime-local" required className={inputClass} {...invalid('endAt')} />
            {fieldError('endAt')}
          </div>
          <div className="sm:col-span-2">
            <label className={label} htmlFor="ta-note">
              {t('timeApart.note')}
            </label>
            <input id="ta-note" name="note" maxLength={500} className={inputClass} {...invalid('note')} />
            {fieldError('note')}
          </div>
          <div>
            <button type="submit" className={primaryButton} disabled={busy} data-testid="save-standby">
              {t('timeApart.save')}
            </button>
          </div>
        </form>
      )}

      {open === 'interruption' && (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit('interruption')} noValidate data-testid="interruption-form">
          <div>
            <label className={label} htmlFor="ta-at">
              {t('timeApart.at')}
            </label>
            <input id="ta-at" name="at" type="datetime-local" required className={inputClass} {...invalid('at')} />
            {fieldError('at')}
          </div>
          <div>
            <label className={label} htmlFor="ta-channel">
              {t('timeApart.channel')}
            </label>
            <select id="ta-channel" name="channel" className={inputClass} defaultValue="phone">
              {CONTACT_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(CONTACT_CHANNEL_LABELS[c])}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className={label} htmlFor="ta-duration">
              {t('timeApart.durationMinutes')}
            </label>
            <input id="ta-duration" name="duration" type="number" min="1" max="1440" step="1" inputMode="numeric" required className={inputClass} {...invalid('durationSeconds')} />
            {fieldError('durationSeconds')}
          </div>
          <div className="flex items-end">
            <label className="flex items-center gap-2 text-sm font-medium" htmlFor="ta-work-done">
              <input id="ta-work-done" name="workDone" type="checkbox" className="h-4 w-4" />
              {t('timeApart.workDone')}
            </label>
          </div>
          <div className="sm:col-span-2">
            <label className={label} htmlFor="ta-note">
              {t('timeApart.note')}
            </label>
            <input id="ta-note" name="note" maxLength={500} className={inputClass} {...invalid('note')} />
            {fieldError('note')}
          </div>
          <div>
            <button type="submit" className={primaryButton} disabled={busy} data-testid="save-interruption">
              {t('timeApart.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
