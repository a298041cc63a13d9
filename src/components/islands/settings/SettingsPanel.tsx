import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BreakRulesChangeView } from '#domain/worktime/break-rules.ts';
import { AppToaster } from '../ui/AppToaster.tsx';
import type { Settings } from '#domain/settings/settings.ts';
import { COUNTRIES, timeZones } from '#domain/settings/settings-schema.ts';
import { parseIpList } from '#domain/net/ip-list.ts';
import { SHIFT_WINDOW_RANGE } from '#domain/clock/shift-window.ts';
import { TERMINAL_SILENT_RANGE } from '#domain/terminals/terminal-rules.ts';
import { AUTO_BREAK_AFTER_RANGE, AUTO_BREAK_MINUTES_RANGE } from '#domain/worktime/break-rules.ts';
import { MAX_ORDINARY_HOURS_RANGE } from '#domain/worktime/work-time-warnings.ts';
import { AUTO_CLOCK_OUT_HOURS_RANGE } from '#domain/attendance/due-auto-clock-out.ts';
import { faceThresholdAboveSafe, MEASURED_SAFE_FACE_THRESHOLD } from '#domain/clock/face-match.ts';
import { formatNumber } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { translator } from '#i18n/translate.ts';
import { api } from '#lib/client/api.ts';
import type { SystemInfo } from '#domain/settings/system-info.ts';
import { inputClass, primaryButton } from '../ui/buttons.ts';
import type { BackupOverview } from '#domain/backups/backup-overview.ts';
import { AttributionsList } from './AttributionsList.tsx';
import { FaceRecognitionSection } from './FaceRecognitionSection.tsx';
import type { FaceRecognitionStatus } from '#domain/biometrics/face-enablement.ts';
import { useApiAction } from '#lib/client/use-api-action.ts';
import HelpLink from '../../help/HelpLink.tsx';
import LegalHolds from '../retention/LegalHolds.tsx';
import { RECORD_RETENTION_YEARS, type LegalHoldView } from '#domain/retention/retention-rules.ts';

// The sections with their own form or list load when first opened, with their messages (decision 098).
const BackupSection = lazy(() => import('./BackupSection.tsx').then((m) => ({ default: m.BackupSection })));
const EmailSection = lazy(() => import('./EmailSection.tsx').then((m) => ({ default: m.EmailSection })));
const SsoSection = lazy(() => import('./SsoSection.tsx').then((m) => ({ default: m.SsoSection })));
const NotificationsSection = lazy(() => import('./NotificationsSection.tsx').then((m) => ({ default: m.NotificationsSection })));
const RecordIntegritySection = lazy(() => import('./RecordIntegritySection.tsx').then((m) => ({ default: m.RecordIntegritySection })));
const FeedbackSection = lazy(() => import('./FeedbackSection.tsx').then((m) => ({ default: m.FeedbackSection })));

interface Props {
  lang: Language;
  settings: Settings;
  system: SystemInfo;
  clientAddress: string;
  backups: BackupOverview;
  /** Face recognition is switched by its own section, not by Save (decision 047). */
  face: FaceRecognitionStatus;
  canUpdate: boolean;
  isSuperAdmin: boolean;
  /** The break rules' dated changes, latest first (decision 050). */
  breakRulesHistory: BreakRulesChangeView[];
  /** Terminals paired and not revoked: with one, the page proposes switching unpaired punches off (issue 34.3). */
  pairedTerminals: number;
  /** Legal holds and the companies a hold may cover (decision 083). */
  legalHolds: LegalHoldView[];
  companies: { id: number; name: string }[];
}

const SECTIONS = [
  ['localization', 'settings.sections.localization'],
  ['features', 'settings.sections.features'],
  ['worktime', 'workTime.settings.title'],
  ['safeguarding', 'settings.sections.safeguarding'],
  ['email', 'settings.sections.email'],
  ['sso', 'sso.settings.section'],
  ['notifications', 'notifications.section'],
  ['backups', 'settings.sections.backups'],
  ['retention', 'settings.sections.retention'],
  ['integrity', 'settings.sections.integrity'],
  ['system', 'settings.sections.system'],
  ['about', 'settings.sections.about'],
  ['attributions', 'settings.sections.attributions'],
  ['legal', 'settings.sections.legal'],
  ['feedback', 'settings.sections.feedback'],
] as const;
type Section = (typeof SECTIONS)[number][0];

/** The settings page (spec section 2): editable sections save the whole set at once. */
export default function SettingsPanel(props: Props) {
  const { lang } = props;
  const t = translator(lang);
  // The server renders the first section; the address's #section is applied after hydration
  // (read during the first render it made the client's text differ from the server's: React #418).
  const [section, setSection] = useState<Section>('localization');
  // Single sign-on is installation-wide: the SuperAdmin's alone (decision 092).
  const sections = SECTIONS.filter(([id]) => id !== 'sso' || props.isSuperAdmin);
  const [values, setValues] = useState<Settings>(props.settings);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // From which date a change of the break rules applies; empty = today (decision 050).
  const [effectiveFrom, setEffectiveFrom] = useState('');
  const [rulesHistory, setRulesHistory] = useState(props.breakRulesHistory);
  const { run, busy: saving } = useApiAction(lang);
  const zones = useMemo(() => timeZones(), []);
  const regionNames = useMemo(() => new Intl.DisplayNames([lang === 'es' ? 'es-ES' : 'en-GB'], { type: 'region' }), [lang]);
  const invalidIps = parseIpList(values.ipRestriction).invalid;
  const invalidProxies = parseIpList(values.trustedProxy).invalid;

  useEffect(() => {
    const asked = sections.find(([id]) => id === location.hash.slice(1))?.[0];
    if (asked) setSection(asked);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, after hydration; the sections are fixed for the page
  useEffect(() => {
    history.replaceState(null, '', `#${section}`);
  }, [section]);

  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function save() {
    setErrors({});
    // The stored country is any text; the server refuses one outside COUNTRIES.
    const body = { ...values, country: values.country as (typeof COUNTRIES)[number], effectiveFrom: effectiveFrom || undefined };
    await run(() => api('PUT /api/settings', { body, lang }), {
      onFieldErrors: setErrors,
      success: 'toast',
      then: (answer) => {
        setValues(answer.data);
        setRulesHistory(answer.breakRulesHistory);
        setEffectiveFrom('');
      },
    });
  }

  const editable = section === 'localization' || section === 'features' || section === 'worktime' || section === 'safeguarding' || section === 'backups' || section === 'retention';
  const field = (id: keyof Settings, label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`setting-${id}`} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {errors[id] ? (
        <span id={`setting-${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {errors[id]}
        </span>
      ) : (
        hint && <span className="text-xs text-muted">{hint}</span>
      )}
    </div>
  );
  const toggle = (id: 'rfidClock' | 'faceLiveness' | 'punchPhoto' | 'acceptUnscheduledWork' | 'unpairedClock' | 'breaksPaid' | 'autoClockOut', label: string, hint: string) => (
    <label className="flex items-start justify-between gap-4 rounded-xl border border-line p-4">
      <span>
        <span className="block text-sm font-medium">{label}</span>
        <span className="block text-xs text-muted">{hint}</span>
      </span>
      <input id={`setting-${id}`} type="checkbox" role="switch" className="mt-1 h-5 w-5 accent-[var(--primary)]" checked={values[id]} disabled={!props.canUpdate} onChange={(e) => set(id, e.target.checked)} />
    </label>
  );
  const numberInput = (
    id:
      | 'faceThreshold'
      | 'faceMargin'
      | 'punchPhotoRetentionDays'
      | 'backupKeep'
      | 'shiftWindowMinutes'
      | 'correctionAcceptanceDays'
      | 'terminalSilentMinutes'
      | 'autoBreakAfterMinutes'
      | 'autoBreakMinutes'
      | 'maxOrdinaryDailyHours'
      | 'autoClockOutAfterHours'
      | 'recordRetentionYears',
    min: number,
    max: number,
    step: number,
  ) => (
    <input
      id={`setting-${id}`}
      type="number"
      min={min}
      max={max}
      step={step}
      inputMode={step < 1 ? 'decimal' : 'numeric'}
      className={inputClass}
      value={Number.isNaN(values[id]) ? '' : values[id]}
      onChange={(e) => set(id, e.target.value === '' ? Number.NaN : Number(e.target.value))}
    />
  );

  return (
    <>
      <AppToaster />
      {/* Above every section: PINs stop working for everyone until it is fixed (decision 039). */}
      {props.backups.secretsMismatch && (
        <p role="alert" className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200" data-testid="secrets-mismatch">
          {t('backups.secretsMismatch')} <HelpLink doc="backups" lang={lang} />
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[240px_1fr]">
        <nav aria-label={t('pages.setting')} className="flex gap-1 overflow-x-auto lg:flex-col">
          {sections.map(([id, label]) => (
            <button
              key={id}
              type="button"
              onClick={() => setSection(id)}
              aria-current={section === id ? 'page' : undefined}
              className={`whitespace-nowrap rounded-lg px-3 py-2 text-start text-sm font-medium ${section === id ? 'bg-primary-subtle text-accent' : 'text-muted hover:bg-primary-subtle hover:text-accent'}`}
              data-testid={`settings-tab-${id}`}
            >
              {t(label)}
            </button>
          ))}
        </nav>
        <section className="rounded-2xl border border-line bg-card p-6" aria-labelledby="settings-heading">
          <h2 id="settings-heading" className="mb-5 text-lg font-semibold">
            {t(SECTIONS.find(([id]) => id === section)![1])}
          </h2>
          {section === 'backups' && (
            <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
              <BackupSection lang={lang} initial={props.backups} timeZone={props.settings.timezone} timeFormat={props.settings.timeFormat} canUpdate={props.canUpdate} />
            </Suspense>
          )}
          <fieldset disabled={!props.canUpdate && editable} className="flex flex-col gap-5">
            {section === 'localization' && (
              <>
                {field(
                  'country',
                  t('settings.country'),
                  <select id="setting-country" className={inputClass} value={values.country} onChange={(e) => set('country', e.target.value)}>
                    {COUNTRIES.map((code) => (
                      <option key={code} value={code}>
                        {regionNames.of(code === 'UK' ? 'GB' : code)}
                      </option>
                    ))}
                  </select>,
                )}
                {field(
                  'timezone',
                  t('settings.timezone'),
                  <>
                    <input id="setting-timezone" list="timezones" className={inputClass} value={values.timezone} onChange={(e) => set('timezone', e.target.value)} autoComplete="off" />
                    <datalist id="timezones">
                      {zones.map((z) => (
                        <option key={z} value={z} />
                      ))}
                    </datalist>
                  </>,
                  t('settings.timezoneHint'),
                )}
                {field(
                  'timeFormat',
                  t('settings.timeFormat'),
                  <select id="setting-timeFormat" className={inputClass} value={values.timeFormat} onChange={(e) => set('timeFormat', e.target.value as Settings['timeFormat'])}>
                    <option value="1">{t('settings.timeFormat24')}</option>
                    <option value="2">{t('settings.timeFormat12')}</option>
                  </select>,
                )}
                {field(
                  'defaultLanguage',
                  t('settings.defaultLanguage'),
                  <select id="setting-defaultLanguage" className={inputClass} value={values.defaultLanguage} onChange={(e) => set('defaultLanguage', e.target.value as Language)}>
                    <option value="es">Español</option>
                    <option value="en">English</option>
                  </select>,
                  t('settings.defaultLanguageHint'),
                )}
              </>
            )}
            {section === 'features' && (
              <>
                <FaceRecognitionSection
                  lang={lang}
                  initial={props.face}
                  canUpdate={props.canUpdate}
                  timeZone={props.settings.timezone}
                  timeFormat={props.settings.timeFormat}
                  onEnabledChange={(on) => set('faceRecognition', on)}
                />
                {toggle('rfidClock', t('settings.rfidClock'), t('settings.rfidClockHint'))}
                {toggle('unpairedClock', t('settings.unpairedClock'), t('settings.unpairedClockHint'))}
                {values.unpairedClock && props.pairedTerminals > 0 && (
                  <p
                    role="note"
                    className="-mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
                    data-testid="unpaired-clock-proposal"
                  >
                    {t('settings.unpairedClockProposal', { count: props.pairedTerminals })}
                  </p>
                )}
                {field(
                  'breaksPerDay',
                  t('settings.breaksPerDay'),
                  <input
                    id="setting-breaksPerDay"
                    type="number"
                    min={1}
                    max={5}
                    className={inputClass}
                    value={values.breaksPerDay}
                    onChange={(e) => set('breaksPerDay', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                  />,
                )}
                {field('shiftWindowMinutes', t('settings.shiftWindowMinutes'), numberInput('shiftWindowMinutes', SHIFT_WINDOW_RANGE.min, SHIFT_WINDOW_RANGE.max, 1), t('settings.shiftWindowMinutesHint'))}
                {toggle('acceptUnscheduledWork', t('settings.acceptUnscheduledWork'), t('settings.acceptUnscheduledWorkHint'))}
                {field('correctionAcceptanceDays', t('settings.correctionAcceptanceDays'), numberInput('correctionAcceptanceDays', 1, 90, 1), t('settings.correctionAcceptanceDaysHint'))}
                {values.faceRecognition && (
                  <div className="grid gap-5 sm:grid-cols-2">
                    {field('faceThreshold', t('settings.faceThreshold'), numberInput('faceThreshold', 0.3, 0.7, 0.01), t('settings.faceThresholdHint'))}
                    {field('faceMargin', t('settings.faceMargin'), numberInput('faceMargin', 0, 0.3, 0.01), t('settings.faceMarginHint'))}
                  </div>
                )}
                {values.faceRecognition && faceThresholdAboveSafe(values.faceThreshold) && (
                  <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="face-threshold-warning">
                    {t('settings.faceThresholdAboveSafe', { safe: formatNumber(MEASURED_SAFE_FACE_THRESHOLD, lang, { minimumFractionDigits: 2 }) })}
                  </p>
                )}
                {values.faceRecognition && toggle('faceLiveness', t('settings.faceLiveness'), t('settings.faceLivenessHint'))}
                {values.faceRecognition && toggle('punchPhoto', t('settings.punchPhoto'), t('settings.punchPhotoHint'))}
                {values.faceRecognition &&
                  values.punchPhoto &&
                  field('punchPhotoRetentionDays', t('settings.punchPhotoRetentionDays'), numberInput('punchPhotoRetentionDays', 1, 365, 1), t('settings.punchPhotoRetentionHint'))}
              </>
            )}
            {/* Break rules and the daily limit the work-time warnings use (decision 050). */}
            {section === 'worktime' && (
              <>
                <p className="text-sm text-muted">{t('workTime.settings.intro')}</p>
                {toggle('breaksPaid', t('workTime.settings.breaksPaid'), t('workTime.settings.breaksPaidHint'))}
                {/* The deduction applies only to unpaid breaks (countedSeconds). */}
                {!values.breaksPaid && (
                  <div className="flex flex-col gap-5">
                    {field(
                      'autoBreakAfterMinutes',
                      t('workTime.settings.autoBreakAfterMinutes'),
                      numberInput('autoBreakAfterMinutes', AUTO_BREAK_AFTER_RANGE.min, AUTO_BREAK_AFTER_RANGE.max, 1),
                      t('workTime.settings.autoBreakAfterMinutesHint'),
                    )}
                    {field(
                      'autoBreakMinutes',
                      t('workTime.settings.autoBreakMinutes'),
                      numberInput('autoBreakMinutes', AUTO_BREAK_MINUTES_RANGE.min, AUTO_BREAK_MINUTES_RANGE.max, 1),
                      t('workTime.settings.autoBreakMinutesHint'),
                    )}
                  </div>
                )}
                {/* Every rule that changes a figure is effective-dated from the date below (decision 050). */}
                {field(
                  'maxOrdinaryDailyHours',
                  t('workTime.settings.maxOrdinaryDailyHours'),
                  numberInput('maxOrdinaryDailyHours', MAX_ORDINARY_HOURS_RANGE.min, MAX_ORDINARY_HOURS_RANGE.max, 0.5),
                  t('workTime.settings.maxOrdinaryDailyHoursHint'),
                )}
                {field(
                  'graceMinutes',
                  t('settings.graceMinutes'),
                  <input
                    id="setting-graceMinutes"
                    type="number"
                    min={0}
                    max={120}
                    className={inputClass}
                    value={values.graceMinutes}
                    onChange={(e) => set('graceMinutes', e.target.value === '' ? Number.NaN : Number(e.target.value))}
                  />,
                  t('settings.graceMinutesHint'),
                )}
                <div className="flex flex-col gap-1">
                  <label htmlFor="setting-effectiveFrom" className="text-sm font-medium">
                    {t('workTime.settings.effectiveFrom')}
                  </label>
                  <input id="setting-effectiveFrom" type="date" className={inputClass} value={effectiveFrom} onChange={(e) => setEffectiveFrom(e.target.value)} />
                  {errors['effectiveFrom'] ? (
                    <span id="setting-effectiveFrom-error" className="text-xs text-red-700 dark:text-red-400">
                      {errors['effectiveFrom']}
                    </span>
                  ) : (
                    <span className="text-xs text-muted">{t('workTime.settings.effectiveFromHint')}</span>
                  )}
                </div>
                <table className="w-full text-left text-sm" data-testid="break-rules-history">
                  <caption className="mb-2 text-left text-sm font-medium">{t('workTime.settings.history')}</caption>
                  <thead>
                    <tr className="text-xs text-muted">
                      <th scope="col" className="py-1 pr-4">
                        {t('workTime.settings.historyFrom')}
                      </th>
                      <th scope="col" className="py-1 pr-4">
                        {t('workTime.settings.historyRules')}
                      </th>
                      <th scope="col" className="py-1">
                        {t('workTime.settings.historyAuthor')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rulesHistory.length === 0 && (
                      <tr className="border-t border-line">
                        <td colSpan={3} className="py-1 text-muted" data-testid="break-rules-history-empty">
                          {t('workTime.settings.historyEmpty')}
                        </td>
                      </tr>
                    )}
                    {rulesHistory.map((h) => (
                      <tr key={`${h.effectiveFrom}-${h.createdAt}`} className="border-t border-line">
                        <td className="py-1 pr-4 tabular-nums">{h.effectiveFrom === '0000-01-01' ? t('workTime.settings.historyFirst') : h.effectiveFrom}</td>
                        <td className="py-1 pr-4">
                          {h.rules.breaksPaid ? t('workTime.settings.historyPaid') : t('workTime.settings.historyUnpaid')}
                          {!h.rules.breaksPaid &&
                            `; ${h.rules.autoBreakAfterMinutes > 0 ? t('workTime.settings.historyAuto', { minutes: h.rules.autoBreakMinutes, after: h.rules.autoBreakAfterMinutes }) : t('workTime.settings.historyNoAuto')}`}
                          {`; ${h.rules.maxOrdinaryDailyHours > 0 ? t('workTime.settings.historyMaxHours', { hours: h.rules.maxOrdinaryDailyHours }) : t('workTime.settings.historyNoMaxHours')}`}
                          {`; ${t('workTime.settings.historyGrace', { minutes: h.rules.graceMinutes })}`}
                        </td>
                        <td className="py-1">{h.author ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {/* The period the close screen approves and locks (decision 051). */}
                {field(
                  'approvalPeriod',
                  t('periods.settings.approvalPeriod'),
                  <select id="setting-approvalPeriod" className={inputClass} value={values.approvalPeriod} onChange={(e) => set('approvalPeriod', e.target.value as Settings['approvalPeriod'])}>
                    <option value="month">{t('periods.settings.month')}</option>
                    <option value="week">{t('periods.settings.week')}</option>
                  </select>,
                  t('periods.settings.approvalPeriodHint'),
                )}
                {/* Who gets a claimed open shift (decision 086). */}
                {field(
                  'openShiftAssignment',
                  t('settings.openShiftAssignment'),
                  <select id="setting-openShiftAssignment" className={inputClass} value={values.openShiftAssignment} onChange={(e) => set('openShiftAssignment', e.target.value as Settings['openShiftAssignment'])}>
                    <option value="approval">{t('settings.openShiftApproval')}</option>
                    <option value="firstClaimant">{t('settings.openShiftFirstClaimant')}</option>
                  </select>,
                  t('settings.openShiftAssignmentHint'),
                )}
                {/* Automatic clock-out (decision 056): off by default. */}
                {toggle('autoClockOut', t('workTime.settings.autoClockOut'), t('workTime.settings.autoClockOutHint'))}
                {values.autoClockOut &&
                  field(
                    'autoClockOutAfterHours',
                    t('workTime.settings.autoClockOutAfterHours'),
                    numberInput('autoClockOutAfterHours', AUTO_CLOCK_OUT_HOURS_RANGE.min, AUTO_CLOCK_OUT_HOURS_RANGE.max, 1),
                    t('workTime.settings.autoClockOutAfterHoursHint'),
                  )}
                <p className="rounded-xl border border-line bg-page p-3 text-sm" data-testid="work-time-law-note">
                  {t('workTime.settings.lawNote')}
                </p>
              </>
            )}
            {section === 'safeguarding' && (
              <>
                {field(
                  'ipRestriction',
                  t('settings.ipRestriction'),
                  <textarea
                    id="setting-ipRestriction"
                    rows={4}
                    className={`${inputClass} py-2 font-mono`}
                    value={values.ipRestriction}
                    onChange={(e) => set('ipRestriction', e.target.value)}
                    aria-describedby="ip-help"
                  />,
                  t('settings.ipRestrictionHint'),
                )}
                {invalidIps.length > 0 && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {t('settings.invalidIpEntries', { entries: invalidIps.join(', ') })}
                  </p>
                )}
                <p id="ip-help" className="text-sm text-muted">
                  {t('settings.yourAddress', { address: props.clientAddress })}
                </p>
                {field(
                  'trustedProxy',
                  t('settings.trustedProxy'),
                  <textarea id="setting-trustedProxy" rows={2} className={`${inputClass} py-2 font-mono`} value={values.trustedProxy} onChange={(e) => set('trustedProxy', e.target.value)} />,
                  t('settings.trustedProxyHint'),
                )}
                {invalidProxies.length > 0 && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                    {t('settings.invalidIpEntries', { entries: invalidProxies.join(', ') })}
                  </p>
                )}
                {field(
                  'terminalSilentMinutes',
                  t('settings.terminalSilentMinutes'),
                  numberInput('terminalSilentMinutes', TERMINAL_SILENT_RANGE.min, TERMINAL_SILENT_RANGE.max, 1),
                  t('settings.terminalSilentMinutesHint'),
                )}
              </>
            )}
            {section === 'backups' && (
              <div className="grid gap-5 sm:grid-cols-2">
                {field(
                  'backupTime',
                  t('settings.backupTime'),
                  <input id="setting-backupTime" type="time" step={60} className={inputClass} value={values.backupTime} onChange={(e) => set('backupTime', e.target.value)} />,
                  t('settings.backupTimeHint'),
                )}
                {field('backupKeep', t('settings.backupKeep'), numberInput('backupKeep', 1, 365, 1), t('settings.backupKeepHint'))}
              </div>
            )}
            {section === 'retention' && (
              <>
                <p className="max-w-prose text-sm leading-relaxed">{t('retention.explanation')}</p>
                {field('recordRetentionYears', t('retention.yearsLabel'), numberInput('recordRetentionYears', RECORD_RETENTION_YEARS.min, RECORD_RETENTION_YEARS.max, 1), t('retention.yearsHint'))}
              </>
            )}
          </fieldset>
          {section === 'system' && (
            <dl className="grid gap-4 sm:grid-cols-2">
              {[
                [t('settings.version'), props.system.version],
                [t('settings.runtime'), `Node.js ${props.system.node}`],
                [t('settings.databaseSize'), `${new Intl.NumberFormat(lang === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 1 }).format(props.system.databaseBytes / 1048576)} MB`],
                [t('settings.lastBackup'), props.system.lastBackupAt ? new Date(props.system.lastBackupAt).toLocaleString(lang === 'es' ? 'es-ES' : 'en-GB', { timeZone: values.timezone }) : t('settings.noBackup')],
                [t('settings.dataDirectory'), props.system.dataDir],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl border border-line p-4">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                  <dd className="mt-1 break-all font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {section === 'about' && (
            <div className="flex max-w-prose flex-col gap-3 text-sm leading-relaxed">
              <p>{t('settings.aboutText')}</p>
              <p className="text-muted">{t('settings.aboutVersion', { version: props.system.version })}</p>
            </div>
          )}
          {section === 'attributions' && <AttributionsList lang={lang} />}
          {section === 'legal' && (
            <div className="flex max-w-prose flex-col gap-3 text-sm leading-relaxed">
              <p>{t('settings.legalRecords')}</p>
              <p>{t('settings.legalPrivacy')}</p>
              <p>{t('settings.legalBiometrics')}</p>
            </div>
          )}
          {/* The SMTP server and the test message: saved by its own form (decision 054). */}
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            {section === 'email' && <EmailSection lang={lang} canUpdate={props.canUpdate} />}
            {section === 'sso' && <SsoSection lang={lang} />}
            {section === 'notifications' && <NotificationsSection lang={lang} canUpdate={props.canUpdate} />}
            {section === 'integrity' && <RecordIntegritySection lang={lang} timeZone={props.settings.timezone} />}
            {section === 'feedback' && <FeedbackSection lang={lang} isSuperAdmin={props.isSuperAdmin} />}
          </Suspense>
          {editable && props.canUpdate && (
            <div className="mt-6 flex justify-end">
              <button type="button" className={primaryButton} onClick={save} disabled={saving || invalidIps.length > 0 || invalidProxies.length > 0} data-testid="save-settings">
                {saving ? t('common.loading') : t('form.save')}
              </button>
            </div>
          )}
          {/* Legal holds are placed and released one by one, not by Save (decision 083). */}
          {section === 'retention' && (
            <div className="mt-8 flex flex-col gap-3 border-t border-line pt-6">
              <h3 className="text-base font-semibold">{t('legalHold.title')}</h3>
              <p className="max-w-prose text-sm leading-relaxed text-muted">{t('retention.holdExplanation')}</p>
              <LegalHolds lang={lang} timeZone={props.settings.timezone} initial={props.legalHolds} scope={{ kind: 'company', companies: props.companies }} canPlace={props.canUpdate} canRelease={props.canUpdate} />
            </div>
          )}
        </section>
      </div>
    </>
  );
}
