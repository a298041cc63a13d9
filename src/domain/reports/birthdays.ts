import { ageOn } from '../employees/age.ts';

/**
 * Birthdays for the birthday report. A 29 February birthday falls on 28 February in other
 * years (the day before the date that does not exist, as most payroll calendars do).
 */
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The date of the birthday in a given year. */
export function birthdayIn(birthday: string, year: number): string {
  const monthDay = birthday.slice(5);
  if (monthDay === '02-29' && !isLeap(year)) return `${year}-02-28`;
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** The next birthday on or after `today`, with the age then and the days until it. */
export function nextBirthday(birthday: string, today: string): { date: string; turns: number; daysUntil: number } {
  const year = Number(today.slice(0, 4));
  let date = birthdayIn(birthday, year);
  if (date < today) date = birthdayIn(birthday, year + 1);
  const daysUntil = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return { date, turns: ageOn(birthday, date) ?? 0, daysUntil };
}

/** Month 1-12 of a birthday `YYYY-MM-DD`. */
export function birthMonth(birthday: string): number {
  return Number(birthday.slice(5, 7));
}
