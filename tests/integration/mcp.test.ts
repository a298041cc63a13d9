import path from 'node:path';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The MCP server (issue 41.6, decision 096) with the SDK's own client over both transports:
 * streamable HTTP at `/api/mcp` and `jornada mcp` on stdio against the same server. Each tool is a
 * request to the API with the caller's token, so the token's permissions, the audit (naming the
 * token) and the refusals are the API's; a session never reaches `/api/mcp`.
 */

let server: TestServer;
let admin: Client;
let fullToken: string;
let fullTokenId: number;
let readToken: string;
let employeeId: number;
let leaveTypeId: number;
const clients: McpClient[] = [];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A Monday `weeks` weeks from now (leave on working days, far from the demo's own). */
function mondayIn(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function makeToken(name: string, permissions: Record<string, string[]>): Promise<{ token: string; id: number }> {
  const res = await admin.post('/api/api-tokens', { name, expiresOn: inDays(30), permissions });
  expect(res.status).toBe(201);
  const { data } = await res.json();
  return { token: data.token, id: data._id };
}

async function overHttp(token: string): Promise<McpClient> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } } });
  const client = new McpClient({ name: 'jornada-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function overStdio(token: string): Promise<McpClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(ROOT, 'scripts', 'start.mjs'), 'mcp', '--url', server.url],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), JORNADA_API_TOKEN: token, JORNADA_LANG: 'en' },
    stderr: 'pipe',
  });
  const client = new McpClient({ name: 'jornada-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[] };
const call = async (client: McpClient, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolAnswer;
const textOf = (answer: ToolAnswer) => answer.content.map((c) => c.text).join('\n');
const leaveCount = () => sqlIn<{ n: number }>(server.dataDir, 'SELECT COUNT(*) AS n FROM leaves')[0]!.n;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const full = await makeToken('Asistente', { leave: ['read', 'create', 'update'], dashboard: ['read'], employee: ['read'] });
  fullToken = full.token;
  fullTokenId = full.id;
  readToken = (await makeToken('Solo lectura', { leave: ['read'] })).token;
  // An employee that is not the admin's own (four eyes), and a leave type they may take.
  const own = sqlIn<{ employee_id: number | null }>(server.dataDir, 'SELECT employee_id FROM users WHERE email = ?', 'admin@demo.jornada')[0]?.employee_id ?? null;
  const employees = sqlIn<{ id: number }>(server.dataDir, "SELECT id FROM employees WHERE status = 'active' ORDER BY id");
  employeeId = employees.find((e) => e.id !== own)!.id;
  const balances = (await (await admin.get(`/api/leaves/balances?employee=${employeeId}`)).json()).data as { leaveType: number; allowed: boolean; remaining: number | null }[];
  leaveTypeId = (balances.find((b) => b.allowed && b.remaining === null) ?? balances.find((b) => b.allowed))!.leaveType;
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await server?.stop();
});

const TOOLS = ['who_is_in', 'search_employees', 'worker_month', 'request_absence', 'record_absence', 'decide_absence', 'list_absences', 'pending_corrections', 'payroll_month', 'period_close_exceptions'];

describe('over streamable HTTP (/api/mcp)', () => {
  it('lists the tools, each with an object input schema', async () => {
    const { tools } = await (await overHttp(fullToken)).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
    const record = tools.find((t) => t.name === 'record_absence')!;
    expect(Object.keys(record.inputSchema.properties ?? {}).sort()).toEqual(['employee', 'from', 'leaveType', 'reason', 'to']);
  });

  it('answers a read tool with the API’s data', async () => {
    const answer = await call(await overHttp(fullToken), 'list_absences', { pageSize: 5 });
    expect(answer.isError).toBeFalsy();
    const body = JSON.parse(textOf(answer));
    expect(Array.isArray(body.data)).toBe(true);
    expect(typeof body.total).toBe('number');
  });

  it('records an approved absence with a permitted token, audited as done by that token', async () => {
    const from = mondayIn(20);
    const answer = await call(await overHttp(fullToken), 'record_absence', { employee: employeeId, leaveType: leaveTypeId, from, to: dayAfter(from), reason: 'Gripe (MCP)' });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    const { data } = JSON.parse(textOf(answer));
    expect(data).toMatchObject({ employee: employeeId, status: 'approved', from });
    const audit = sqlIn<{ user_id: number; api_token_id: number | null }>(server.dataDir, "SELECT user_id, api_token_id FROM audit_log WHERE entity = 'leave' AND entity_id = ?", String(data._id));
    expect(audit.length).toBeGreaterThan(0);
    for (const entry of audit) expect(entry.api_token_id).toBe(fullTokenId);
  });

  it('refuses the same with a token lacking the permission, changing nothing', async () => {
    const before = leaveCount();
    const from = mondayIn(22);
    const answer = await call(await overHttp(readToken), 'record_absence', { employee: employeeId, leaveType: leaveTypeId, from, to: from, reason: 'Sin permiso' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^403: /);
    expect(leaveCount()).toBe(before);
  });

  it('answers bad arguments as a tool error naming the field, sending nothing', async () => {
    const before = leaveCount();
    const client = await overHttp(fullToken);
    const answer = await call(client, 'record_absence', { employee: employeeId, leaveType: leaveTypeId, from: mondayIn(24), to: mondayIn(23), reason: '' });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/^Please check the highlighted fields/);
    expect(textOf(answer)).toMatch(/^reason: /m);
    const unknown = await call(client, 'list_absences', { limit: 3 });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^limit: /m);
    expect(leaveCount()).toBe(before);
  });

  it('refuses a session: the cookie and a session bearer alike', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    const accept = { accept: 'application/json, text/event-stream' };
    const byCookie = await admin.post('/api/mcp', initialize, accept);
    expect(byCookie.status).toBe(403);
    expect((await byCookie.json()).code).toBe('tokens.mcpTokenOnly');
    const signIn = await new Client(server.url, 'en').signIn('admin@demo.jornada', 'Demo#2026');
    const { accessToken } = await signIn.json();
    const byBearer = await new Client(server.url, 'es').post('/api/mcp', initialize, { ...accept, authorization: `Bearer ${accessToken}` });
    expect(byBearer.status).toBe(403);
    expect((await byBearer.json()).message).toMatch(/token de API/);
    const anonymous = await new Client(server.url, 'en').post('/api/mcp', initialize, accept);
    expect(anonymous.status).toBe(401);
  });
});

describe('over stdio (jornada mcp)', () => {
  it('lists the tools and runs them against the server with the token', async () => {
    const client = await overStdio(fullToken);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    const now = await call(client, 'who_is_in', {});
    expect(now.isError, textOf(now)).toBeFalsy();
    expect(Array.isArray(JSON.parse(textOf(now)).working)).toBe(true);
    const from = mondayIn(26);
    const recorded = await call(client, 'record_absence', { employee: employeeId, leaveType: leaveTypeId, from, to: from, reason: 'Médico (stdio)' });
    expect(recorded.isError, textOf(recorded)).toBeFalsy();
    const { data } = JSON.parse(textOf(recorded));
    const audit = sqlIn<{ api_token_id: number | null }>(server.dataDir, "SELECT api_token_id FROM audit_log WHERE entity = 'leave' AND entity_id = ?", String(data._id));
    expect(audit.map((a) => a.api_token_id)).toContain(fullTokenId);
  });

  it('refuses what the token may not do and bad arguments, as tool errors', async () => {
    const before = leaveCount();
    const client = await overStdio(readToken);
    const refused = await call(client, 'record_absence', { employee: employeeId, leaveType: leaveTypeId, from: mondayIn(28), to: mondayIn(28), reason: 'No' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^403: /);
    const bad = await call(client, 'decide_absence', { id: 'none', status: 'approved' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/^id: /m);
    expect(leaveCount()).toBe(before);
  });
});
