import type { ClockAction } from './clock-engine.ts';

/** i18n keys to show a punch (attendance page, decision 042): its action and how the person was identified. */
export const PUNCH_ACTION_LABELS: Record<ClockAction, string> = {
  'check-in': 'kiosk.actions.checkIn',
  'break-in': 'kiosk.actions.breakIn',
  'break-out': 'kiosk.actions.breakOut',
  'check-out': 'kiosk.actions.checkOut',
};

export const PUNCH_METHOD_LABELS: Record<'pin' | 'face' | 'card' | 'manual' | 'personal', string> = {
  pin: 'attendance.punchMethod.pin',
  face: 'attendance.punchMethod.face',
  card: 'attendance.punchMethod.card',
  manual: 'attendance.punchMethod.manual',
  personal: 'attendance.punchMethod.personal',
};
