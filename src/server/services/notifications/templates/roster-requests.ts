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

const shiftText = (lang: Language, s: ShiftFacts) => ({ date: formatLocalDate(s.date, lang, 'long'), times: `${s.startTime}–${s.endTime}` });

export function rosterRequestEmail(lang: Language, t: T, f: RosterRequestFacts) {
  const k = `notifications.${f.kind}`;
  const shift = shiftText(lang, f.shift);
  const other = 'other' in f && f.other ? shiftText(lang, f.other) : null;
  const trade = other ? [t('notifications.rosterRequests.trade', { date: other.date, times: other.times })] : [];
  const footer = t('notifications.footerOptional');
  switch (f.kind) {
    case 'openShiftClaimed':
      return emailContent({
        lang,
        subject: t(`${k}.subject`, { name: f.name, date: shift.date }),
        heading: t(`${k}.heading`),
        lines: [t(f.assigned ? `${k}.lineAssigned` : `${k}.line`, { name: f.name, ...shift })],
        action: { label: t(`${k}.action`), url: f.link },
        footer,
      });
    case 'openShiftDecided':
      return emailContent({
        lang,
        subject: t(`${k}.subject_${f.outcome}`, { date: shift.date }),
        heading: t(`${k}.heading_${f.outcome}`),
        lines: [t(`${k}.line_${f.outcome}`, shift)],
        action: { label: t(`${k}.action`), url: f.link },
        footer,
      });
    case 'shiftSwapProposed':
      return emailContent({
        lang,
        subject: t(`${k}.subject`, { name: f.name, date: shift.date }),
        heading: t(`${k}.heading`),
        lines: [t(`${k}.line`, { name: f.name, ...shift }), ...trade, ...(f.note ? [t('notifications.commentLine', { comment: f.note })] : [])],
        action: { label: t(`${k}.action`), url: f.link },
        footer,
      });
    case 'shiftSwapAccepted':
      return emailContent({
        lang,
        subject: t(`${k}.subject`, { from: f.from, to: f.to, date: shift.date }),
        heading: t(`${k}.heading`),
        lines: [t(`${k}.line`, { from: f.from, to: f.to, ...shift }), ...trade],
        action: { label: t(`${k}.action`), url: f.link },
        footer,
      });
    case 'shiftSwapDecided':
      return emailContent({
        lang,
        subject: t(`${k}.subject_${f.outcome}`, { date: shift.date }),
        heading: t(`${k}.heading_${f.outcome}`),
        lines: [t(`${k}.line_${f.outcome}`, shift), ...trade],
        action: { label: t(`${k}.action`), url: f.link },
        footer,
      });
  }
}
