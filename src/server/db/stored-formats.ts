import { canonicalJson } from '../../domain/record-chain/record-chain.ts';
import { DEFAULT_FIGURE_RULES, type FigureRules } from '../../domain/worktime/break-rules.ts';
import type { FaceEnablement } from '../../domain/biometrics/face-enablement.ts';
import type { BreakInstants } from '../../domain/attendance/shift-times.ts';
import { normalizePermissions, type Permissions } from '../../domain/permissions/permissions.ts';
import { methodsFrom, type TerminalMethod } from '../../domain/terminals/terminal-rules.ts';
import { knownEvents, type WebhookEvent } from '../../domain/webhooks/webhook-events.ts';

/**
 * The JSON columns, each read by one parser (docs/architecture.md: one parser per stored format)
 * and written by its one writer beside it. A damaged value never throws: it reads as the empty
 * value of its format.
 */

/** `schedules.rest_days`: a JSON array of weekday names; anything else in it is dropped. */
export function parseRestDays(json: string): string[] {
  try {
    const days = JSON.parse(json) as unknown;
    return Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    // A damaged list means no rest days.
    return [];
  }
}

/** Rest days as `schedules.rest_days` stores them. */
export function restDaysJson(days: readonly string[]): string {
  return JSON.stringify(days);
}

/** `attendance_revisions.breaks`: a JSON array of `{startAt, endAt}`; entries without a start are dropped. */
export function parseBreaks(json: string): BreakInstants[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter((b): b is BreakInstants => typeof b === 'object' && b !== null && typeof (b as BreakInstants).startAt === 'string')
      .map((b) => ({ startAt: b.startAt, endAt: typeof b.endAt === 'string' ? b.endAt : null }));
  } catch {
    return [];
  }
}

/** Breaks as `attendance_revisions.breaks` stores them. */
export function breaksJson(breaks: readonly BreakInstants[]): string {
  return JSON.stringify(breaks);
}

/** `roles.permissions`: a JSON object resource -> actions, normalised; a damaged role grants nothing (`{}`). */
export function parsePermissions(json: string): Permissions {
  try {
    return normalizePermissions(JSON.parse(json));
  } catch {
    return {};
  }
}

/** Permissions as `roles.permissions` stores them. */
export function permissionsJson(permissions: Permissions): string {
  return JSON.stringify(permissions);
}

/** `settings` row `faceEnablement`: the last switch of face recognition (decision 047); damaged = null. */
export function parseFaceEnablement(json: string): FaceEnablement | null {
  try {
    const v = JSON.parse(json) as Partial<FaceEnablement> | null;
    if (!v || typeof v.enabled !== 'boolean' || typeof v.at !== 'string' || typeof v.by !== 'number') return null;
    return {
      enabled: v.enabled,
      at: v.at,
      by: v.by,
      noticeVersion: typeof v.noticeVersion === 'string' ? v.noticeVersion : null,
      descriptorsDeleted: typeof v.descriptorsDeleted === 'number' ? v.descriptorsDeleted : 0,
    };
  } catch {
    return null;
  }
}

/** The face-recognition switch as the `settings` row stores it. */
export function faceEnablementJson(value: FaceEnablement): string {
  return JSON.stringify(value);
}

/** `terminals.methods`: a JSON array of "face" | "pin" | "badge"; anything else reads as none. */
export function parseTerminalMethods(json: string): TerminalMethod[] {
  try {
    return methodsFrom(JSON.parse(json) as unknown);
  } catch {
    // A damaged list allows nothing.
    return [];
  }
}

/** Methods as `terminals.methods` stores them. */
export function terminalMethodsJson(methods: readonly TerminalMethod[]): string {
  return JSON.stringify(methods);
}

/** `clock_conflicts.detail`: the clock engine's refusal `{code, params}` (decision 046); damaged reads as null. */
export interface ConflictDetail {
  code: string;
  params: Record<string, string>;
}

export function parseConflictDetail(json: string | null): ConflictDetail | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as { code?: unknown; params?: unknown };
    if (typeof value.code !== 'string') return null;
    const params: Record<string, string> = {};
    if (typeof value.params === 'object' && value.params !== null) {
      for (const [key, v] of Object.entries(value.params)) if (typeof v === 'string') params[key] = v;
    }
    return { code: value.code, params };
  } catch {
    return null;
  }
}

/** A refusal as `clock_conflicts.detail` stores it. */
export function conflictDetailJson(detail: ConflictDetail): string {
  return JSON.stringify({ code: detail.code, params: detail.params });
}

/** `webhooks.events`: a JSON array of event names; unknown names and a damaged list read as none. */
export function parseWebhookEvents(json: string): WebhookEvent[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? knownEvents(list) : [];
  } catch {
    // A damaged list subscribes to nothing.
    return [];
  }
}

/** Events as `webhooks.events` stores them. */
export function webhookEventsJson(events: readonly WebhookEvent[]): string {
  return JSON.stringify(events);
}

/**
 * `outbox.payload` of a webhook delivery (decision 058): the webhook it goes to and the exact body
 * sent (so every attempt sends the same bytes; only the timestamp and signature are new).
 */
export interface WebhookDelivery {
  webhookId: number;
  body: string;
}

/** A damaged payload reads as null (the delivery fails for good). Written by enqueueOutbox (JSON of the object). */
export function parseWebhookDelivery(json: string): WebhookDelivery | null {
  try {
    const value = JSON.parse(json) as Partial<WebhookDelivery> | null;
    if (!value || typeof value.webhookId !== 'number' || typeof value.body !== 'string') return null;
    return { webhookId: value.webhookId, body: value.body };
  } catch {
    return null;
  }
}

/**
 * `approval_snapshots.payroll` / `.totals` (migration 0031): a JSON object of figures as the
 * approval froze them. Written as canonical JSON (sorted keys) so the stored text is the digest's
 * text; a damaged value reads as `{}` (every figure then differs from a fresh computation).
 */
export function parseSnapshotPart(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A snapshot part as `approval_snapshots` stores it. */
export function snapshotPartJson(part: object): string {
  return canonicalJson(part);
}

/**
 * `break_rules_history.rules`: every figure rule (FigureRules, decision 050); a damaged or missing
 * field reads as its default (rows written before the history held all of them were completed by
 * the migration figure-rules-history).
 */
export function parseBreakRules(json: string): FigureRules {
  let v: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(json) as unknown;
    if (parsed && typeof parsed === 'object') v = parsed as Record<string, unknown>;
  } catch {
    // Damaged: the defaults.
  }
  const int = (x: unknown, d: number): number => (Number.isInteger(x) ? (x as number) : d);
  const num = (x: unknown, d: number): number => (typeof x === 'number' && Number.isFinite(x) ? x : d);
  return {
    breaksPaid: typeof v.breaksPaid === 'boolean' ? v.breaksPaid : DEFAULT_FIGURE_RULES.breaksPaid,
    autoBreakAfterMinutes: int(v.autoBreakAfterMinutes, DEFAULT_FIGURE_RULES.autoBreakAfterMinutes),
    autoBreakMinutes: int(v.autoBreakMinutes, DEFAULT_FIGURE_RULES.autoBreakMinutes),
    maxOrdinaryDailyHours: num(v.maxOrdinaryDailyHours, DEFAULT_FIGURE_RULES.maxOrdinaryDailyHours),
    graceMinutes: int(v.graceMinutes, DEFAULT_FIGURE_RULES.graceMinutes),
  };
}

/** FigureRules as `break_rules_history.rules` stores them (canonical JSON). */
export function breakRulesJson(rules: FigureRules): string {
  return canonicalJson({
    breaksPaid: rules.breaksPaid,
    autoBreakAfterMinutes: rules.autoBreakAfterMinutes,
    autoBreakMinutes: rules.autoBreakMinutes,
    maxOrdinaryDailyHours: rules.maxOrdinaryDailyHours,
    graceMinutes: rules.graceMinutes,
  });
}

/**
 * `employees.email` and `invitations.email`: optional since issue 37 (a worker without a mailbox, decision 075). The column
 * was created NOT NULL and SQLite cannot drop that without rebuilding the table every record points
 * at, so "no address" is stored as the empty string on both engines and read back as null.
 */
export function parseEmployeeEmail(stored: string | null): string | null {
  return stored === null || stored === '' ? null : stored;
}

/** An employee's address (or none) as `employees.email` stores it. */
export function employeeEmailColumn(email: string | null): string {
  return email ?? '';
}
