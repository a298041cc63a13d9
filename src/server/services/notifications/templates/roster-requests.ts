import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

/** A shift as a message names it: its date and times. */
export interface ShiftFacts {
  date: string;
  startTime: string;
  endTime: string;
}

/**
 * The messages of open shifts and swaps (issue 39 point 6, decision 086), one builder per step;
 * each names the shift(s) by date and times and links to where the reader acts.
 */
export type RosterRequestFacts =
  | { kind: 'openShiftClaimed'; name: string; shift: ShiftFacts; assigned: boolean; link: string }
  | { kind: 'openShiftDecided'; outcome: 'approved' | 'declined'; shift: ShiftFacts; link: string }
  | { kind: 'shiftSwapProposed'; name: string; shift: ShiftFacts; other: ShiftFacts | null; note: string | null; link: string }
  | { kind: 'shiftSwapAccepted'; from: string; to: string; shift: ShiftFacts; other: ShiftFacts | null; link: string }
  | { kind: 'shiftSwapDecided'; outcome: 'approved' | 'rejected' | 'declined'; shift: ShiftFacts; other: ShiftFacts | null; link: string };

type T = (key: string, params?: Record<string, unknown>) => string;

// Every key written out (tests/unit/i18n-usage.test.ts finds keys as literals).
const KEYS = {
  openShiftClaimed: { subject: 'notifications.openShiftClaimed.subject', heading: 'notifications.openShiftClaimed.heading', action: 'notifications.openShiftClaimed.action' },
  openShiftDecided: { action: 'notifications.openShiftDecided.action' },
  shiftSwapProposed: {
    subject: 'notifications.shiftSwapProposed.subject',
    heading: 'notifications.shiftSwapProposed.heading',
    line: 'notifications.shiftSwapProposed.line',
    action: 'notifications.shiftSwapProposed.action',
  },
  shiftSwapAccepted: {
    subject: 'notifications.shiftSwapAccepted.subject',
    heading: 'notifications.shiftSwapAccepted.heading',
    line: 'notifications.shiftSwapAccepted.line',
    action: 'notifications.shiftSwapAccepted.action',
  },
  shiftSwapDecided: { action: 'notifications.shiftSwapDecided.action' },
} as const;
const CLAIM_LINE = { false: 'notifications.openShiftClaimed.line', true: 'notifications.openShiftClaimed.lineAssigned' } as const;
const CLAIM_DECIDED = {
  approved: { subject: 'notifications.openShiftDecided.subject_approved', heading: 'notifications.openShiftDecided.heading_approved', line: 'notifications.openShiftDecided.line_approved' },
  declined: { subject: 'notifications.openShiftDecided.subject_declined', heading: 'notifications.openShiftDecided.heading_declined', line: 'notifications.openShiftDecided.line_declined' },
} as const;
const SWAP_DECIDED = {
  approved: { subject: 'notifications.shiftSwapDecided.subject_approved', heading: 'notifications.shiftSwapDecided.heading_approved', line: 'notifications.shiftSwapDecided.line_approved' },
  rejected: { subject: 'notifications.shiftSwapDecided.subject_rejected', heading: 'notifications.shiftSwapDecided.heading_rejected', line: 'notifications.shiftSwapDecided.line_rejected' },
  declined: { subject: 'notifications.shiftSwapDecided.subject_declined', heading: 'notifications.shiftSwapDecided.heading_declined', line: 'notifications.shiftSwapDecided.line_declined' },
} as const;

const shiftText = (lang: Language, s: ShiftFacts) => ({ date: formatLocalDate(s.date, lang, 'long'), times: `${s.startTime}–${s.endTime}` });

export function rosterRequestEmail(lang: Language, t: T, f: RosterRequestFacts) {
  const shift = shiftText(lang, f.shift);
  const other = 'other' in f && f.other ? shiftText(lang, f.other) : null;
  const trade = other ? [t('notifications.rosterRequests.trade', { date: other.date, times: other.times })] : [];
  const footer = t('notifications.footerOptional');
  switch (f.kind) {
    case 'openShiftClaimed': {
      const k = KEYS.openShiftClaimed;
      return emailContent({
        lang,
        subject: t(k.subject, { name: f.name, date: shift.date }),
        heading: t(k.heading),
        lines: [t(CLAIM_LINE[`${f.assigned}`], { name: f.name, ...shift })],
        action: { label: t(k.action), url: f.link },
        footer,
      });
    }
    case 'openShiftDecided': {
      const k = CLAIM_DECIDED[f.outcome];
      return emailContent({
        lang,
        subject: t(k.subject, { date: shift.date }),
        heading: t(k.heading),
        lines: [t(k.line, shift)],
        action: { label: t(KEYS.openShiftDecided.action), url: f.link },
        footer,
      });
    }
    case 'shiftSwapProposed': {
      const k = KEYS.shiftSwapProposed;
      return emailContent({
        lang,
        subject: t(k.subject, { name: f.name, date: shift.date }),
        heading: t(k.heading),
        lines: [t(k.line, { name: f.name, ...shift }), ...trade, ...(f.note ? [t('notifications.commentLine', { comment: f.note })] : [])],
        action: { label: t(k.action), url: f.link },
        footer,
      });
    }
    case 'shiftSwapAccepted': {
      const k = KEYS.shiftSwapAccepted;
      return emailContent({
        lang,
        subject: t(k.subject, { from: f.from, to: f.to, date: shift.date }),
        heading: t(k.heading),
        lines: [t(k.line, { from: f.from, to: f.to, ...shift }), ...trade],
        action: { label: t(k.action), url: f.link },
        footer,
      });
    }
    case 'shiftSwapDecided': {
      const k = SWAP_DECIDED[f.outcome];
      return emailContent({
        lang,
        subject: t(k.subject, { date: shift.date }),
        heading: t(k.heading),
        lines: [t(k.line, shift), ...trade],
        action: { label: t(KEYS.shiftSwapDecided.action), url: f.link },
        footer,
      });
    }
  }
}
