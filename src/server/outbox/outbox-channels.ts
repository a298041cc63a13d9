import type { OutboxRow } from '../db/repositories/outbox.ts';

/**
 * How the outbox delivers one channel's rows. `deliver` resolves when the receiver accepted the
 * message and rejects otherwise: with a PermanentDeliveryError when trying again cannot help (the
 * row fails at once), with anything else to be retried with backoff.
 * `redeliverInterrupted`: a row left `sending` by a stopped process is delivered again (the
 * receiver dedupes, e.g. by delivery id) instead of being marked failed (email: never twice).
 */
export interface OutboxChannel {
  deliver(row: OutboxRow): Promise<void>;
  redeliverInterrupted: boolean;
  /** Hears each attempt's outcome after it was recorded (a webhook's failure streak, decision 094). */
  afterAttempt?(row: OutboxRow, delivered: boolean): Promise<void>;
}

export class PermanentDeliveryError extends Error {}

const channels = new Map<string, OutboxChannel>();

export function registerOutboxChannel(name: string, channel: OutboxChannel): void {
  channels.set(name, channel);
}

export function outboxChannel(name: string): OutboxChannel | undefined {
  return channels.get(name);
}

export function redeliveredChannels(): string[] {
  return [...channels].filter(([, c]) => c.redeliverInterrupted).map(([name]) => name);
}
