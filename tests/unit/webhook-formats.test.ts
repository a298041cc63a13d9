import { describe, expect, it } from 'vitest';
import { chatBody, chatText } from '../../src/domain/webhooks/webhook-formats.ts';
import { openApiDocument } from '../../src/server/openapi/openapi-document.ts';
import { WEBHOOK_EVENTS } from '../../src/domain/webhooks/webhook-events.ts';

const en = { lang: 'en' as const, timeZone: 'Europe/Madrid', employeeName: 'Ana García' };

describe('chat messages of a Slack or Teams webhook (issue 41.5)', () => {
  it('write the event as a sentence in the company language and time zone', () => {
    const punch = { punchId: 1, attendanceId: 2, employeeId: 3, action: 'check-in', at: '2027-03-01T08:02:00.000Z', method: 'pin', offline: false };
    expect(chatText({ event: 'punch.recorded', data: punch }, en)).toBe('Ana García: Check in at 2027-03-01 09:02.');
    expect(chatText({ event: 'punch.recorded', data: punch }, { ...en, lang: 'es' })).toBe('Ana García: Entrada a las 2027-03-01 09:02.');
    expect(chatText({ event: 'period.approved', data: { from: '2027-02-01', to: '2027-02-28', employeeIds: [1], approvedBy: 9 } }, en)).toBe('Period 2027-02-01 – 2027-02-28 approved for 1 employee.');
    expect(chatText({ event: 'period.approved', data: { from: '2027-02-01', to: '2027-02-28', employeeIds: [1, 2], approvedBy: 9 } }, en)).toBe('Period 2027-02-01 – 2027-02-28 approved for 2 employees.');
    const decided = { leaveId: 1, employeeId: 3, leaveTypeId: 1, from: '2027-06-07', to: '2027-06-08', status: 'declined', previousStatus: 'pending', comment: 'Inventario', decidedBy: 9 };
    expect(chatText({ event: 'leave.decided', data: decided }, { ...en, lang: 'es' })).toBe('Ausencia de Ana García del 2027-06-07 al 2027-06-08: rechazada.');
    expect(chatText({ event: 'employee.archived', data: { employeeId: 3, status: 'active' } }, { ...en, employeeName: null })).toBe('An employee was restored.');
  });

  it('never carry the decider’s or the worker’s free text', () => {
    const decided = { leaveId: 1, employeeId: 3, leaveTypeId: 1, from: '2027-06-07', to: '2027-06-08', status: 'approved', previousStatus: 'pending', comment: 'Secret note', decidedBy: 9 };
    expect(chatText({ event: 'leave.decided', data: decided }, en)).not.toContain('Secret');
  });

  it('take the shape each service’s incoming webhook takes', () => {
    expect(chatBody('slack', 'Hola')).toEqual({ text: 'Hola' });
    const teams = chatBody('teams', 'Hola') as { type: string; attachments: { contentType: string; content: { version: string; body: unknown[] } }[] };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teams.attachments[0]!.content.body).toEqual([{ type: 'TextBlock', text: 'Hola', wrap: true }]);
  });
});

describe('the OpenAPI webhooks section', () => {
  it('documents every event’s payload and the signature headers', () => {
    const doc = openApiDocument('1') as {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: { 'application/json': { schema: { properties: Record<string, { const?: string; properties?: object }> } } } } } }>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const post = doc.webhooks[event]!.post;
      expect(post.parameters.map((p) => p.name)).toEqual(['X-Jornada-Event', 'X-Jornada-Delivery', 'X-Jornada-Timestamp', 'X-Jornada-Signature']);
      const schema = post.requestBody.content['application/json'].schema;
      expect(schema.properties['event']!.const).toBe(event);
      expect(Object.keys(schema.properties['data']!.properties ?? {}).length).toBeGreaterThan(1);
    }
  });
});
