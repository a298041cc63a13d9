import { describe, expect, it } from 'vitest';
import { contractOf } from '../../src/domain/api/contracts/index.ts';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { prepareToolCall, toolInputSchema } from '../../src/server/mcp/tool-input.ts';
import { MCP_TOOLS, mcpTool } from '../../src/server/mcp/tool-table.ts';
import { urlOption } from '../../src/server/mcp/stdio-command.ts';

/** The MCP tool table (issue 41.6, decision 096): every tool one endpoint, described by that endpoint's contract. */

const tool = (name: string) => mcpTool(name)!;
const ROUTE_KEYS = new Set(API_ROUTES.map((r) => `${r.method} ${r.pattern}`));

describe('the tool table', () => {
  it('names tools once, in snake_case, each with a description', () => {
    const names = MCP_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const t of MCP_TOOLS) {
      expect(t.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(t.description.length).toBeGreaterThan(20);
    }
  });

  it('names an endpoint of the API table for every tool', () => {
    expect(MCP_TOOLS.filter((t) => !ROUTE_KEYS.has(t.key)).map((t) => t.key)).toEqual([]);
  });

  // Passes once every endpoint's contract is written (issue 41.2, the other branches of issue 41).
  it('names an endpoint with a contract for every tool', () => {
    expect(MCP_TOOLS.filter((t) => !contractOf(t.key)).map((t) => t.key)).toEqual([]);
  });

  it('sends only query parameters and body fields the contract knows', () => {
    for (const t of MCP_TOOLS) {
      const contract = contractOf(t.key);
      if (!contract) continue;
      const known = Object.keys(contract.query?.entries ?? {});
      for (const name of [...(t.query ?? []), ...Object.keys(t.fixed?.query ?? {})]) expect(known, `${t.name}: ${name}`).toContain(name);
      if (t.body) expect(contract.body, t.name).toBeDefined();
      if (Array.isArray(t.body)) {
        const properties = toolInputSchema(t)['properties'] as Record<string, unknown>;
        for (const name of t.body) expect(properties, `${t.name}: ${name}`).toHaveProperty(name);
      }
    }
  });

  it('gives every tool an object input schema', () => {
    for (const t of MCP_TOOLS) {
      const schema = toolInputSchema(t);
      expect(schema['type'], t.name).toBe('object');
      expect(typeof schema['properties'], t.name).toBe('object');
      expect(schema['additionalProperties'], t.name).toBe(false);
    }
  });
});

describe('input schemas come from the contracts', () => {
  it('takes a leave request’s fields from the contract’s body, never the fixed `approved`', () => {
    const schema = toolInputSchema(tool('record_absence'));
    const properties = schema['properties'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual(['employee', 'from', 'leaveType', 'reason', 'to']);
    expect(schema['required']).toEqual(expect.arrayContaining(['leaveType', 'from', 'to', 'reason']));
    expect(properties['from']).toMatchObject({ type: 'string' });
  });

  it('takes a decision from the branch of the body’s union that holds it, with the path id', () => {
    const schema = toolInputSchema(tool('decide_absence'));
    const properties = schema['properties'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual(['comment', 'id', 'status']);
    expect(properties['id']).toMatchObject({ type: 'integer', minimum: 1 });
    expect(properties['status']!['enum']).toEqual(expect.arrayContaining(['approved', 'declined']));
    expect(schema['required']).toEqual(expect.arrayContaining(['id', 'status']));
  });

  it('takes query parameters from the contract’s query entries', () => {
    const properties = toolInputSchema(tool('list_absences'))['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['status']!['enum']).toEqual(expect.arrayContaining(['pending', 'approved']));
    expect(properties['from']).toMatchObject({ type: 'string' });
  });
});

describe('arguments to a request', () => {
  it('maps path ids, query and body, adding the fixed values', () => {
    expect(prepareToolCall(tool('record_absence'), { employee: 3, leaveType: 2, from: '2027-05-03', to: '2027-05-04', reason: 'Gripe' })).toEqual({
      ok: true,
      request: { method: 'POST', path: '/api/leaves', query: {}, body: { employee: 3, leaveType: 2, from: '2027-05-03', to: '2027-05-04', reason: 'Gripe', approved: true } },
    });
    expect(prepareToolCall(tool('decide_absence'), { id: 7, status: 'approved' })).toEqual({ ok: true, request: { method: 'PATCH', path: '/api/leaves/7', query: {}, body: { status: 'approved' } } });
    expect(prepareToolCall(tool('list_absences'), { status: 'pending', employee: 4 })).toEqual({ ok: true, request: { method: 'GET', path: '/api/leaves', query: { status: 'pending', employee: '4' } } });
    expect(prepareToolCall(tool('pending_corrections'), {})).toEqual({ ok: true, request: { method: 'GET', path: '/api/attendance-corrections', query: { status: 'pending' } } });
  });

  it('refuses bad arguments with the contract’s message keys, naming each field', () => {
    const bad = prepareToolCall(tool('record_absence'), { leaveType: 2, from: '2027-05-04', to: '2027-05-03', reason: '' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.fields).toMatchObject({ reason: 'validation.required' });
    const unknown = prepareToolCall(tool('list_absences'), { limit: 5 });
    expect(!unknown.ok && unknown.fields).toEqual({ limit: 'validation.unknownParameter' });
    const status = prepareToolCall(tool('list_absences'), { status: 'maybe' });
    expect(status.ok).toBe(false);
    const id = prepareToolCall(tool('decide_absence'), { id: 'x', status: 'approved' });
    expect(!id.ok && id.fields).toEqual({ id: 'validation.invalidInput' });
    expect(prepareToolCall(tool('who_is_in'), [1]).ok).toBe(false);
  });
});

describe('jornada mcp --url', () => {
  it('reads both spellings', () => {
    expect(urlOption(['mcp', '--url', 'http://a:1'])).toBe('http://a:1');
    expect(urlOption(['mcp', '--url=http://b:2'])).toBe('http://b:2');
    expect(urlOption(['mcp'])).toBeUndefined();
  });
});
