/** Whole years from a birthday to a date (both `YYYY-MM-DD`); undefined without a birthday. */
export function ageOn(birthday: string | null | undefined, today: string): number | undefined {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}$/.test(birthday)) return undefined;
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age >= 0 ? age : undefined;
}
