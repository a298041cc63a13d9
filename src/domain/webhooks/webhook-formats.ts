import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { PUNCH_ACTION_LABELS } from '../clock/punch-labels.ts';
import type { ClockAction } from '../clock/clock-engine.ts';
import { localDateOf, localTimeOf } from '../time/zoned-time.ts';
import type { WebhookEvent } from './webhook-events.ts';
import { WEBHOOK_TEST_EVENT } from './webhook-events.ts';
import type { WebhookEventData } from './webhook-payloads.ts';

/**
 * What a webhook posts (issue 41 point 5, decision 058): Jornada's signed JSON event, or a chat
 * message in the shape a Slack or Microsoft Teams incoming webhook takes, for people to read in a
 * channel. A chat message names the employee (the administrator chose to tell the channel) but
 * never carries a worker's free text (reasons, comments).
 */
export const WEBHOOK_FORMATS = ['jornada', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** i18n keys of the formats' names (the webhook form's select). */
export const WEBHOOK_FORMAT_LABELS: Record<WebhookFormat, string> = {
  jornada: 'webhooks.formats.jornada',
  slack: 'webhooks.formats.slack',
  teams: 'webhooks.formats.teams',
};

export function isChatFormat(format: string): format is 'slack' | 'teams' {
  return format === 'slack' || format === 'teams';
}

/** What a chat line needs besides the event: names the event carries as ids, and how to write times. */
export interface ChatContext {
  lang: Language;
  timeZone: string;
  /** The employee the event is about, when it is about one. */
  employeeName: string | null;
}

type ChatEvent = { [K in WebhookEvent]: { event: K; data: WebhookEventData[K] } }[WebhookEvent] | { event: typeof WEBHOOK_TEST_EVENT; data: unknown };

/** The sentence a channel reads for an event, in the company's language. */
export function chatText(input: ChatEvent, ctx: ChatContext): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(ctx.lang, key, params);
  const name = ctx.employeeName ?? t('webhooks.chat.someone');
  const at = (iso: string) => `${localDateOf(iso, ctx.timeZone)} ${localTimeOf(iso, ctx.timeZone)}`;
  const status = (s: string) => t(s === 'approved' ? 'webhooks.chat.status.approved' : s === 'declined' ? 'webhooks.chat.status.declined' : 'webhooks.chat.status.pending');
  switch (input.event) {
    case 'punch.recorded': {
      const label = PUNCH_ACTION_LABELS[input.data.action as ClockAction];
      return t('webhooks.chat.punchRecorded', { name, action: label ? translate(ctx.lang, label) : input.data.action, at: at(input.data.at) });
    }
    case 'leave.requested':
      return t('webhooks.chat.leaveRequested', { name, from: input.data.from, to: input.data.to });
    case 'leave.decided':
      return t('webhooks.chat.leaveDecided', { name, from: input.data.from, to: input.data.to, status: status(input.data.status) });
    case 'period.approved':
      return t('webhooks.chat.periodApproved', { from: input.data.from, to: input.data.to, count: input.data.employeeIds.length });
    case 'correction.requested':
      return t('webhooks.chat.correctionRequested', { name, date: input.data.date });
    case 'correction.decided':
      return t('webhooks.chat.correctionDecided', { name, date: input.data.date, status: status(input.data.status) });
    case 'employee.created':
      return t('webhooks.chat.employeeCreated', { name });
    case 'employee.updated':
      return t('webhooks.chat.employeeUpdated', { name, fields: input.data.changed.join(', ') });
    case 'employee.archived':
      return t(input.data.status === 'archived' ? 'webhooks.chat.employeeArchived' : 'webhooks.chat.employeeRestored', { name });
    case 'terminal.silent':
      return t('webhooks.chat.terminalSilent', { terminal: input.data.name, at: at(input.data.lastSeenAt) });
    case 'period.reopened':
      return t('webhooks.chat.periodReopened', { name, periods: input.data.periods.map((p) => `${p.from} – ${p.to}`).join(', ') });
    default:
      return t('webhooks.chat.test');
  }
}

/** The JSON a chat service's incoming webhook takes for one line of text. */
export function chatBody(format: 'slack' | 'teams', text: string): Record<string, unknown> {
  if (format === 'slack') return { text };
  // Teams (Workflows "when a webhook request is received"): a message with one Adaptive Card.
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text, wrap: true }] },
      },
    ],
  };
}

/** The employee an event is about, if any (its name is looked up for a chat line). */
export function eventEmployeeId(data: unknown): number | null {
  const id = (data as { employeeId?: unknown } | null)?.employeeId;
  return typeof id === 'number' ? id : null;
}
