import type { WebhookEventData } from '#domain/webhooks/webhook-payloads.ts';

/** The `employee.created` webhook data (issue 41.5) of a new employee's columns. */
export function employeeCreatedData(employeeId: number, columns: { companyId: number; departmentId: number; jobTitleId: number; status: string }, source: 'form' | 'import'): WebhookEventData['employee.created'] {
  return {
    employeeId,
    companyId: columns.companyId,
    departmentId: columns.departmentId,
    jobTitleId: columns.jobTitleId,
    status: columns.status,
    source,
  };
}

const NOT_FIELDS = new Set(['updatedAt', 'createdAt']);

/** The names of the fields whose value differs between two readings of an employee (`employee.updated`). */
export function changedEmployeeFields<T extends object>(before: T, after: T): string[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(a)
    .filter((key) => !NOT_FIELDS.has(key) && JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .sort();
}
