/** Translation keys of the weekdays, by their English name (the stored form of rest days). */
export const DAY_LABELS = {
  Monday: 'employees.days.Monday', Tuesday: 'employees.days.Tuesday', Wednesday: 'employees.days.Wednesday', Thursday: 'employees.days.Thursday',
  Friday: 'employees.days.Friday', Saturday: 'employees.days.Saturday', Sunday: 'employees.days.Sunday',
} as const;
