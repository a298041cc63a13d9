/**
 * A program an integrator would write against Jornada's API (issue 41.3): a client generated from
 * the OpenAPI document with openapi-typescript (`jornada-api.d.ts`) and called with openapi-fetch.
 * It is compiled by the project's strict tsc and run against a test server by
 * tests/integration/api-client.test.ts. Usage:
 *
 *   JORNADA_URL=https://jornada.example JORNADA_API_TOKEN=jt_… node examples/api-client/sample.ts
 *
 * (Node 24 runs TypeScript directly; JORNADA_MONTH and JORNADA_LEAVE_DAY choose the month read and
 * the day of the sample leave request.)
 *
 * Each task prints one JSON line `{task, …}`; any failure exits with status 1.
 */
import createClient from 'openapi-fetch';
import type { paths } from './jornada-api.d.ts';

const baseUrl = process.env['JORNADA_URL'] ?? 'http://127.0.0.1:4321';
const token = process.env['JORNADA_API_TOKEN'];
if (!token) throw new Error('Set JORNADA_API_TOKEN to an API token (Settings › API tokens).');
const month = process.env['JORNADA_MONTH'] ?? new Date().toISOString().slice(0, 7);
/** The sample leave request: a week from this day (a week holds a working day whatever the schedule). */
const leaveDay = process.env['JORNADA_LEAVE_DAY'] ?? `${month}-20`;
const leaveEnd = new Date(Date.parse(`${leaveDay}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });

function report(task: string, result: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ task, ...result })}\n`);
}

/** The answer's data, or a thrown error with the API's translated message. */
function ok<T>(task: string, answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${task}: HTTP ${answer.response.status} ${JSON.stringify(answer.error)}`);
  return answer.data;
}

// 1. Who am I (the token's account and permissions).
const me = ok('me', await api.GET('/api/me'));
report('me', { email: me.user.email });

// 2. Every employee, page by page.
const employees: { _id: number; fullName: string }[] = [];
let pages = 0;
for (let page = 1; ; page++) {
  const answer = ok('employees', await api.GET('/api/employees', { params: { query: { page, pageSize: 10, sort: 'name' } } }));
  pages++;
  employees.push(...answer.data);
  if (employees.length >= answer.total || answer.data.length === 0) break;
}
report('employees', { count: employees.length, pages, distinct: new Set(employees.map((e) => e._id)).size });
const employee = employees[0]!;

// 3. One employee's attendance in a month.
const from = `${month}-01`;
const to = `${month}-31`;
const days = ok('attendance', await api.GET('/api/attendances', { params: { query: { employee: employee._id, from, to, pageSize: 100 } } }));
report('attendance', { employee: employee._id, days: days.total, allTheirs: days.data.every((d) => d.employee === employee._id) });

// 4. The employee's leave balances that year, 5. a leave request of a type with days left, 6. its decision.
const year = Number(leaveDay.slice(0, 4));
const balances = ok('balances', await api.GET('/api/leaves/balances', { params: { query: { employee: employee._id, year } } }));
const leaveType = balances.data.find((b) => b.allowed && (b.remaining === null || b.remaining >= 7));
if (!leaveType) throw new Error('balances: no leave type with a week left');
const created = ok('createLeave', await api.POST('/api/leaves', { body: { employee: employee._id, leaveType: leaveType.leaveType, from: leaveDay, to: leaveEnd, reason: 'Sample program' } }));
report('createLeave', { leave: created.data._id, status: created.data.status });
const decided = ok('decideLeave', await api.PATCH('/api/leaves/{id}', { params: { path: { id: String(created.data._id) } }, body: { status: 'approved', comment: 'OK' } }));
report('decideLeave', { leave: decided.data._id, status: decided.data.status });

// 7. The month's payroll figures.
const payroll = ok('payroll', await api.GET('/api/reports/payroll', { params: { query: { month } } }));
report('payroll', { rows: payroll.data.employees.length });

// 8. The monthly record of the employee, and 9. its PDF.
const record = ok('monthlyRecord', await api.GET('/api/reports/monthly-record', { params: { query: { month, employee: employee._id } } }));
report('monthlyRecord', { employees: record.data.records.length });
const pdf = await api.GET('/api/reports/monthly-record/pdf', { params: { query: { month, employee: employee._id } }, parseAs: 'arrayBuffer' });
const bytes = new Uint8Array(ok('recordPdf', pdf));
report('recordPdf', { type: pdf.response.headers.get('content-type'), pdf: new TextDecoder().decode(bytes.slice(0, 5)) === '%PDF-' });

// 10. A webhook for leave decisions.
const hook = ok('webhook', await api.POST('/api/webhooks', { body: { url: 'https://hooks.example.com/jornada', events: ['leave.decided'] } }));
report('webhook', { webhook: hook.data._id, secret: hook.secret.startsWith('whsec_') });

// 11. Correction requests waiting for a decision.
const pending = ok('corrections', await api.GET('/api/attendance-corrections', { params: { query: { status: 'pending' } } }));
report('corrections', { pending: pending.total });
