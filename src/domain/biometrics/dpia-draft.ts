import { MEASURED_SAFE_FACE_THRESHOLD } from '../clock/face-match.ts';
import { formatDate, formatNumber, formatTime } from '../format/intl-format.ts';
import type { Language } from '../../i18n/languages.ts';

/** The labels of a terminal's methods (literal keys, so the i18n usage test sees them). */
const METHOD_KEYS: Record<string, string> = { face: 'dpia.method.face', pin: 'dpia.method.pin', badge: 'dpia.method.badge' };

/** The risks the draft lists, each with the measures the app takes against it. */
const RISK_KEYS = [
  { name: 'dpia.risks.falseAccept.name', measures: 'dpia.risks.falseAccept.measures' },
  { name: 'dpia.risks.falseReject.name', measures: 'dpia.risks.falseReject.measures' },
  { name: 'dpia.risks.spoof.name', measures: 'dpia.risks.spoof.measures' },
  { name: 'dpia.risks.breach.name', measures: 'dpia.risks.breach.measures' },
  { name: 'dpia.risks.creep.name', measures: 'dpia.risks.creep.measures' },
  { name: 'dpia.risks.pressure.name', measures: 'dpia.risks.pressure.measures' },
] as const;

/**
 * A draft data-protection impact assessment (DPIA, art. 35 GDPR) for the face clock, generated
 * from this installation's facts (decision 047). It is a starting point for the controller, not a
 * finished assessment: the parts only the company can write (legal basis, consultation, sign-off)
 * are marked "[...]". Markdown: plain text that any editor opens and changes, and that pandoc or
 * an online converter turns into a word-processor file.
 */
export interface DpiaFacts {
  company: string;
  /** ISO instant the draft was made. */
  generatedAt: string;
  timeZone: string;
  activeEmployees: number;
  /** Employees with at least one stored face descriptor, and the descriptors in all. */
  enrolledEmployees: number;
  descriptors: number;
  faceEnabled: boolean;
  faceThreshold: number;
  faceMargin: number;
  faceLiveness: boolean;
  punchPhoto: boolean;
  punchPhotoRetentionDays: number;
  /** The clock's IP restriction ('' = none). */
  ipRestriction: string;
  /** Paired terminals in use (not revoked). */
  terminals: readonly { name: string; location: string; methods: readonly string[] }[];
  /** Who last turned face recognition on, and when. */
  enabledBy: { name: string; at: string } | null;
}

type T = (key: string, params?: Record<string, unknown>) => string;

/** The draft in the language asked for, as Markdown. */
export function dpiaDraft(facts: DpiaFacts, lang: Language, t: T): string {
  const date = (iso: string) => `${formatDate(iso, lang, facts.timeZone, 'long')} ${formatTime(iso, lang, facts.timeZone)}`;
  const num = (n: number, digits = 0) => formatNumber(n, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const yes = (b: boolean) => t(b ? 'dpia.yes' : 'dpia.no');
  const terminals = facts.terminals.length ? facts.terminals.map((x) => `- ${x.name}${x.location ? ` (${x.location})` : ''}: ${x.methods.map((m) => t(METHOD_KEYS[m] ?? m)).join(', ')}`) : [`- ${t('dpia.noTerminals')}`];
  const lines: string[] = [
    `# ${t('dpia.title')}`,
    '',
    `> ${t('dpia.draftNote')}`,
    '',
    `| ${t('dpia.field')} | ${t('dpia.value')} |`,
    '|---|---|',
    `| ${t('dpia.controller')} | ${facts.company} |`,
    `| ${t('dpia.generatedAt')} | ${date(facts.generatedAt)} |`,
    `| ${t('dpia.status')} | ${facts.faceEnabled ? t('dpia.statusOn') : t('dpia.statusOff')} |`,
    `| ${t('dpia.enabledBy')} | ${facts.enabledBy ? `${facts.enabledBy.name}, ${date(facts.enabledBy.at)}` : '—'} |`,
    `| ${t('dpia.activeEmployees')} | ${num(facts.activeEmployees)} |`,
    `| ${t('dpia.enrolled')} | ${num(facts.enrolledEmployees)} (${t('dpia.descriptorCount', { count: facts.descriptors })}) |`,
    `| ${t('dpia.threshold')} | ${num(facts.faceThreshold, 2)} (${t('dpia.thresholdSafe', { safe: num(MEASURED_SAFE_FACE_THRESHOLD, 2) })}) |`,
    `| ${t('dpia.margin')} | ${num(facts.faceMargin, 2)} |`,
    `| ${t('dpia.liveness')} | ${yes(facts.faceLiveness)} |`,
    `| ${t('dpia.punchPhoto')} | ${facts.punchPhoto ? t('dpia.punchPhotoDays', { count: facts.punchPhotoRetentionDays }) : t('dpia.no')} |`,
    `| ${t('dpia.ipRestriction')} | ${facts.ipRestriction || t('dpia.none')} |`,
    '',
    `## 1. ${t('dpia.s1.title')}`,
    '',
    t('dpia.s1.purpose'),
    '',
    t('dpia.s1.data'),
    '',
    t('dpia.s1.flow'),
    '',
    `**${t('dpia.terminals')}**`,
    '',
    ...terminals,
    '',
    `## 2. ${t('dpia.s2.title')}`,
    '',
    t('dpia.s2.aepd'),
    '',
    t('dpia.s2.basis'),
    '',
    t('dpia.s2.necessity'),
    '',
    t('dpia.s2.alternative'),
    '',
    `## 3. ${t('dpia.s3.title')}`,
    '',
    `| ${t('dpia.risk')} | ${t('dpia.likelihoodImpact')} | ${t('dpia.measures')} |`,
    '|---|---|---|',
    ...RISK_KEYS.map((risk) => `| ${t(risk.name)} | [...] | ${t(risk.measures, { threshold: num(facts.faceThreshold, 2), safe: num(MEASURED_SAFE_FACE_THRESHOLD, 2) })} |`),
    '',
    `## 4. ${t('dpia.s4.title')}`,
    '',
    t('dpia.s4.descriptors'),
    '',
    facts.punchPhoto ? t('dpia.s4.photosKept', { count: facts.punchPhotoRetentionDays }) : t('dpia.s4.photosOff'),
    '',
    t('dpia.s4.backups'),
    '',
    `## 5. ${t('dpia.s5.title')}`,
    '',
    t('dpia.s5.rights'),
    '',
    `## 6. ${t('dpia.s6.title')}`,
    '',
    `- ${t('dpia.s6.dpo')}: [...]`,
    `- ${t('dpia.s6.representatives')}: [...]`,
    `- ${t('dpia.s6.residualRisk')}: [...]`,
    `- ${t('dpia.s6.priorConsultation')}: [...]`,
    `- ${t('dpia.s6.approvedBy')}: [...]`,
    `- ${t('dpia.s6.review')}: [...]`,
    '',
  ];
  return lines.join('\n');
}

/** The download's file name, e.g. `evaluacion-impacto-biometria-2026-11-24.md`. */
export function dpiaFileName(lang: Language, localDate: string): string {
  return `${lang === 'es' ? 'evaluacion-impacto-biometria' : 'dpia-face-clock'}-${localDate}.md`;
}
