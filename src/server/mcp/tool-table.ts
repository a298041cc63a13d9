/**
 * The MCP server's tools (issue 41.6, decision 096). Each tool is one request to one endpoint of
 * the JSON API, named by its contract key (`METHOD /api/pattern`, as in the API table): its input
 * schema and the checks on its arguments come from that endpoint's contract (`tool-input.ts`),
 * never from a schema of its own, and the request goes through the API with the caller's token
 * (`api-executor.ts`), so the API's guards and audit are the tool's.
 */
export interface McpTool {
  /** snake_case, what an assistant calls. */
  readonly name: string;
  readonly description: string;
  /** The endpoint: `METHOD pattern` of the API table and of `contractOf`. */
  readonly key: string;
  /** Arguments sent as query parameters (names of the contract's query entries). */
  readonly query?: readonly string[];
  /** Arguments sent in the JSON body: named fields of the contract's body, or all of them. */
  readonly body?: readonly string[] | 'all';
  /** Values the tool always sends, never asked of the assistant. */
  readonly fixed?: { readonly query?: Readonly<Record<string, string>>; readonly body?: Readonly<Record<string, unknown>> };
  /** The part of the answer worth an assistant's reading (the whole answer when absent). */
  readonly pick?: (answer: unknown) => unknown;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

export const MCP_TOOLS: readonly McpTool[] = [
  {
    name: 'who_is_in',
    description: 'Who is clocked in right now (working or on a break), from the administrator dashboard: each person with department and the time of the check-in or break start (ISO 8601 UTC).',
    key: 'GET /api/dashboard',
    pick: (answer) => {
      const data = obj(obj(answer)['data']);
      const presence = obj(data['presence']);
      return { today: data['today'], timezone: data['timezone'], working: presence['working'] ?? [], onBreak: presence['onBreak'] ?? [] };
    },
  },
  {
    name: 'search_employees',
    description: 'Search employees by name, email or national ID (`q`), department id and status (active or archived); one page of results and the total.',
    key: 'GET /api/employees',
    query: ['q', 'department', 'status', 'page', 'pageSize'],
  },
  {
    name: 'worker_month',
    description:
      'One worker’s monthly working-time record (the legal record of art. 34.9 ET): every day with check-in and check-out, breaks, counted, ordinary and overtime time, absences and notes, and the month’s totals.',
    key: 'GET /api/reports/monthly-record',
    query: ['month', 'employee'],
  },
  {
    name: 'request_absence',
    description: 'File a leave request for an employee (pending until someone decides it): leave type id, first and last day (YYYY-MM-DD, inclusive) and a reason.',
    key: 'POST /api/leaves',
    body: ['employee', 'leaveType', 'from', 'to', 'reason'],
  },
  {
    name: 'record_absence',
    description: 'Record an absence as already approved (sick leave, a day off agreed in person): employee, leave type id, first and last day (YYYY-MM-DD) and a reason.',
    key: 'POST /api/leaves',
    body: ['employee', 'leaveType', 'from', 'to', 'reason'],
    fixed: { body: { approved: true } },
  },
  {
    name: 'decide_absence',
    description: 'Approve or decline a pending leave request (`status`: approved or declined) with an optional comment the employee sees.',
    key: 'PATCH /api/leaves/{id}',
    body: ['status', 'comment'],
  },
  {
    name: 'list_absences',
    description: 'List leave requests and recorded absences, filtered by status, employee, department, leave type and dates; one page and the total.',
    key: 'GET /api/leaves',
    query: ['status', 'employee', 'department', 'leaveType', 'from', 'to', 'q', 'page', 'pageSize'],
  },
  {
    name: 'pending_corrections',
    description: 'The workers’ correction requests of their recorded days still waiting for a decision, newest first; optionally one employee’s.',
    key: 'GET /api/attendance-corrections',
    query: ['employee'],
    fixed: { query: { status: 'pending' } },
  },
  {
    name: 'payroll_month',
    description: 'The payroll figures of a month per employee (ordinary, overtime, complementary, night, absences by type, approval), with the column layout; optionally one department or employee.',
    key: 'GET /api/reports/payroll',
    query: ['month', 'departmentId', 'employee'],
  },
  {
    name: 'period_close_exceptions',
    description:
      'The exceptions that block closing a period (missing check-outs, absences without leave, pending corrections, work-time warnings) per employee, for the period containing `date` (e.g. the first day of the month); only employees with exceptions.',
    key: 'GET /api/periods',
    query: ['date', 'department'],
    pick: (answer) => {
      const data = obj(obj(answer)['data']);
      const rows = Array.isArray(data['rows']) ? (data['rows'] as Json[]) : [];
      return {
        kind: data['kind'],
        period: data['period'],
        ended: data['ended'],
        employees: rows.filter((r) => Number(r['exceptionCount']) > 0).map((r) => ({ employee: r['employee'], exceptionCount: r['exceptionCount'], exceptions: r['exceptions'], locked: r['locked'] })),
      };
    },
  },
];

/** The tool called `name`, if there is one. */
export function mcpTool(name: string): McpTool | undefined {
  return MCP_TOOLS.find((tool) => tool.name === name);
}
