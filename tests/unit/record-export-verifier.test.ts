import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { figurePayload, nextEntries, punchPayload, revisionPayload, type AttendanceFacts, type FigureFacts, type PunchFacts } from '../../src/domain/record-chain/record-chain.ts';
import { sealRecordExport, type ExportItem, type RecordExport } from '../../src/domain/record-export/record-export.ts';
import { defaultCsp, VERIFIER_PAGE_CSP } from '../../src/server/http/csp.ts';
import { verifier } from '../helpers/record-verifier.ts';

/**
 * The standalone verifier's core (public/record-format/verify-record.js, decision 084) on an export
 * sealed by the app's own code: it accepts it untouched and names the entry in which one byte was
 * changed — a time, a worker's name, a chain hash, a chain payload. The JSON Schema of
 * docs/record-format validates the export.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const attendance: AttendanceFacts = {
  id: 7,
  employeeId: 3,
  date: '2026-05-04',
  timezone: 'Europe/Madrid',
  timeIn: '2026-05-04T07:00:00.000Z',
  timeOut: '2026-05-04T15:00:00.000Z',
  workedSeconds: 28800,
  breakSeconds: 0,
  statusIn: 'on_time',
  lateSeconds: 0,
  earlyDepartureSeconds: 0,
  source: 'clock',
  workFlag: null,
  workMode: 'on-site',
  overtimeCompensation: null,
  revision: 1,
  voidedAt: null,
  closedAutomatically: 0,
};
const punches: PunchFacts[] = [
  { id: 40, employeeId: 3, attendanceId: 7, action: 'check-in', at: '2026-05-04T07:00:00.000Z', method: 'pin', terminal: 'Puerta', createdAt: '2026-05-04T07:00:00.000Z' },
  { id: 41, employeeId: 3, attendanceId: 7, action: 'check-out', at: '2026-05-04T15:00:00.000Z', method: 'pin', terminal: 'Puerta', createdAt: '2026-05-04T15:00:00.000Z' },
];

/** A day of Ana's with its punches; `revisions` adds revision items and their chain records after the day's. */
function sampleExport(revisions: { item: ExportItem; payload: string }[] = [], standby: ExportItem[] = [], answers: { item: ExportItem; payload: string }[] = []): RecordExport {
  const chain = nextEntries(
    sha256,
    1,
    null,
    [
      { kind: 'punch', refId: 40, payload: punchPayload(punches[0]!) },
      { kind: 'attendance', refId: 7, payload: figurePayload('attendance', { ...attendance, timeOut: null, workedSeconds: null }) },
      { kind: 'punch', refId: 41, payload: punchPayload(punches[1]!) },
      { kind: 'attendance', refId: 7, payload: figurePayload('attendance', attendance) },
      ...revisions.map((r) => ({ kind: 'revision' as const, refId: r.item['id'] as number, payload: r.payload })),
      ...standby.map((r) => ({ kind: 'standby' as const, refId: r['id'] as number, payload: figurePayload('standby', r as unknown as FigureFacts['standby']) })),
      ...answers.map((a) => ({ kind: 'answer' as const, refId: a.item['id'] as number, payload: a.payload })),
    ],
    '2026-05-04T15:00:00.000Z',
  );
  const none: ExportItem[] = [];
  return sealRecordExport(
    {
      exportedAt: '2026-06-01T08:00:00.000Z',
      timezone: 'Europe/Madrid',
      scope: { month: '2026-05', from: '2026-05-01', to: '2026-05-31', employeeId: null, departmentId: null },
      sections: {
        companies: [{ id: 1, name: 'Panadería', taxId: 'B12345678' }],
        workers: [{ id: 3, companyId: 1, name: 'Ana Álvarez', nationalId: '12345678Z', socialSecurityNumber: null, department: 'Obrador', jobTitle: 'Panadera', workingDayType: 'full-time', partTimePercent: null }],
        totals: none,
        days: [
          {
            employeeId: 3,
            date: '2026-05-04',
            attendanceId: 7,
            kind: 'worked',
            timezone: 'Europe/Madrid',
            timeIn: attendance.timeIn,
            timeOut: attendance.timeOut,
            breakSeconds: 0,
            workedSeconds: 28800,
            workMode: 'on-site',
          },
        ],
        punches: punches.map((p) => ({ ...p, workMode: null, device: null, place: null, workplaceId: null })),
        breaks: none,
        revisions: revisions.map((r) => r.item),
        requests: none,
        answers: answers.map((a) => a.item),
        voids: none,
        pacts: none,
        offers: none,
        standby,
        interruptions: none,
        chain: chain.map((e) => ({ ...e })),
      },
    },
    sha256,
  );
}

/** The export as a downloaded file, with `edit` applied to its parsed copy. */
const edited = (edit: (doc: RecordExport) => void): unknown => {
  const doc = JSON.parse(JSON.stringify(sampleExport())) as RecordExport;
  edit(doc);
  return doc;
};
const oneByte = (text: string, at: number): string => text.slice(0, at) + (text[at] === '0' ? '1' : '0') + text.slice(at + 1);

describe('the record export verifier', () => {
  it('accepts an untouched export and gives its seal', async () => {
    const doc = sampleExport();
    const result = await verifier.verifyExport(JSON.parse(JSON.stringify(doc)));
    expect(result).toEqual({ ok: true, entries: 4, items: 9, seal: doc.seal.value, problems: [] });
  });

  it('names the punch whose time was changed by one byte', async () => {
    const result = await verifier.verifyExport(edited((d) => (d.sections.punches[1]!['at'] = '2026-05-04T16:00:00.000Z')));
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      { where: 'punches: punch 41', what: 'its content does not match its itemHash' },
      { where: 'punches: punch 41', what: 'differs from its chain entry (company 1, #3): at' },
    ]);
  });

  it("names the day whose check-out was changed, against the attendance's latest chain entry", async () => {
    const result = await verifier.verifyExport(edited((d) => (d.sections.days[0]!['timeOut'] = '2026-05-04T15:00:01.000Z')));
    expect(result.problems.map((p) => p.where)).toEqual(['days: worker 3, 2026-05-04', 'days: worker 3, 2026-05-04']);
    expect(result.problems[1]!.what).toBe('differs from its chain entry (company 1, #4): timeOut');
  });

  it('names the worker whose name was changed by one byte (names are not in the chain)', async () => {
    const result = await verifier.verifyExport(edited((d) => (d.sections.workers[0]!['name'] = 'Ana Alvarez')));
    expect(result.problems).toEqual([{ where: 'workers: worker 3', what: 'its content does not match its itemHash' }]);
  });

  it('names the chain entry whose hash was changed by one byte, and the link after it', async () => {
    const result = await verifier.verifyExport(edited((d) => (d.sections.chain[1]!['hash'] = oneByte(d.sections.chain[1]!['hash'] as string, 10))));
    expect(result.problems.map((p) => `${p.where}: ${p.what}`)).toEqual([
      'chain: company 1, entry #2 (attendance 7): its content does not match its itemHash',
      'chain: company 1, entry #2 (attendance 7): its hash is not SHA-256(prevHash + payload)',
      'chain: company 1, entry #3 (punch 41): its prevHash is not the hash of the entry before',
    ]);
  });

  it('names the chain entry whose payload was changed, and the punch that no longer matches it', async () => {
    const result = await verifier.verifyExport(
      edited((d) => {
        const e = d.sections.chain[0]!;
        e['payload'] = (e['payload'] as string).replace('07:00:00', '07:00:01');
        e['itemHash'] = sha256(verifier.canonicalJson({ ...e, itemHash: undefined }));
      }),
    );
    expect(result.problems.map((p) => `${p.where}: ${p.what}`)).toEqual([
      'seal: the seal does not match the items (an item was added, removed, moved or its itemHash changed)',
      'chain: company 1, entry #1 (punch 40): its hash is not SHA-256(prevHash + payload)',
      'punches: punch 40: differs from its chain entry (company 1, #1): at',
    ]);
  });

  it('says when a chained punch of an exported day was left out', async () => {
    const result = await verifier.verifyExport(
      edited((d) => {
        d.sections.punches.pop();
      }),
    );
    expect(result.problems.map((p) => `${p.where}: ${p.what}`)).toEqual([
      'seal: the seal does not match the items (an item was added, removed, moved or its itemHash changed)',
      'chain: company 1, entry #3 (punch 41): records a punch of an exported day that the export leaves out',
    ]);
  });

  it("checks a reason chained by digest (decision 083): names a changed reason; a purged person's emptied reason still verifies", async () => {
    const salt = '0123456789abcdef0123456789abcdef';
    const reason = 'Olvidó fichar la salida';
    const revision = {
      id: 90,
      attendanceId: 7,
      employeeId: 3,
      revision: 2,
      timeIn: attendance.timeIn,
      timeOut: attendance.timeOut,
      breaks: [],
      workedSeconds: 28800,
      reason,
      authorId: 1,
      createdAt: '2026-05-05T09:00:00.000Z',
    };
    const payload = revisionPayload({ ...revision, reasonDigest: sha256(salt + reason) });
    const withRevision = (text: string | null, textSalt: string | null): unknown => JSON.parse(JSON.stringify(sampleExport([{ item: { ...revision, reason: text, reasonSalt: textSalt, authorName: 'Rosa' }, payload }])));
    expect((await verifier.verifyExport(withRevision(reason, salt))).problems).toEqual([]);
    expect((await verifier.verifyExport(withRevision(null, null))).problems).toEqual([]);
    const changed = await verifier.verifyExport(withRevision('Olvidó fichar la salidA', salt));
    expect(changed.problems).toEqual([{ where: 'revisions: revision 2 of attendance 7 (id 90)', what: 'differs from its chain entry (company 1, #5): reason' }]);
  });

  it("checks the worker's answer to a correction (kind answer, migration 0051): names a changed objection or status; a purged person's emptied comment still verifies", async () => {
    const salt = 'fedcba9876543210fedcba9876543210';
    const comment = 'Entré a las 9:00, el lector falló';
    const answer = {
      id: 12,
      attendanceId: 7,
      revision: 2,
      employeeId: 3,
      status: 'rejected',
      dueAt: '2026-05-12T09:00:00.000Z',
      answeredBy: 5,
      answeredAt: '2026-05-06T08:00:00.000Z',
      createdAt: '2026-05-05T09:00:00.000Z',
    };
    const payload = figurePayload('answer', { ...answer, commentDigest: sha256(salt + comment) });
    const doc = (text: string | null, textSalt: string | null, edit: (item: ExportItem) => void = () => {}): unknown => {
      const item: ExportItem = { ...answer, comment: text, commentSalt: textSalt };
      edit(item);
      return JSON.parse(JSON.stringify(sampleExport([], [], [{ item, payload }])));
    };
    const where = 'answers: answer 12 (attendance 7, revision 2)';
    expect((await verifier.verifyExport(doc(comment, salt))).problems).toEqual([]);
    expect((await verifier.verifyExport(doc(null, null))).problems).toEqual([]);
    expect((await verifier.verifyExport(doc('Entré a las 9:30, el lector falló', salt))).problems).toEqual([{ where, what: 'differs from its chain entry (company 1, #5): comment' }]);
    expect((await verifier.verifyExport(doc(comment, salt, (i) => (i['status'] = 'accepted')))).problems).toEqual([{ where, what: 'differs from its chain entry (company 1, #5): status' }]);
    // An answer given without a comment: a comment added to the export afterwards is named too.
    const plain = figurePayload('answer', answer);
    const added = JSON.parse(JSON.stringify(sampleExport([], [], [{ item: { ...answer, comment: 'Nunca estuve de acuerdo', commentSalt: null }, payload: plain }])));
    expect((await verifier.verifyExport(added)).problems).toEqual([{ where, what: 'differs from its chain entry (company 1, #5): comment' }]);
  });

  it('names an on-call period whose called-in time was changed, and one left out of the export (issue 38.1)', async () => {
    const period: ExportItem = {
      id: 5,
      employeeId: 3,
      kind: 'on_call',
      startAt: '2026-05-09T18:00:00.000Z',
      endAt: '2026-05-10T06:00:00.000Z',
      date: '2026-05-09',
      timezone: 'Europe/Madrid',
      calledInSeconds: 3600,
      source: 'personal',
      authorId: 9,
      note: 'Avería del horno',
      createdAt: '2026-05-10T07:00:00.000Z',
    };
    const doc = (edit: (d: RecordExport) => void): unknown => {
      const d = JSON.parse(JSON.stringify(sampleExport([], [period]))) as RecordExport;
      edit(d);
      return d;
    };
    expect((await verifier.verifyExport(doc(() => {}))).problems).toEqual([]);
    const changed = await verifier.verifyExport(doc((d) => (d.sections.standby[0]!['calledInSeconds'] = 7200)));
    expect(changed.problems).toContainEqual({ where: 'standby: period 5 (worker 3, 2026-05-09)', what: 'differs from its chain entry (company 1, #5): calledInSeconds' });
    const left = await verifier.verifyExport(doc((d) => d.sections.standby.pop()));
    expect(left.problems).toContainEqual({ where: 'chain: company 1, entry #5 (standby 5)', what: 'records a standby of an exported worker in the month that the export leaves out' });
  });

  it('refuses a file that is not an export', async () => {
    expect((await verifier.verifyExport({ hello: 1 })).problems).toEqual([{ where: 'export', what: 'not a Jornada record export (format "jornada-record")' }]);
    expect((await verifier.verifyExport({ format: 'jornada-record', version: 9 })).ok).toBe(false);
  });

  it('computes SHA-256 and canonical JSON as the server does, also without WebCrypto', async () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'x'.repeat(64), 'Ñandú €😀']) {
      expect(await verifier.sha256Hex(text)).toBe(sha256(text));
      expect(verifier.sha256Fallback(text)).toBe(sha256(text));
    }
    expect(verifier.canonicalJson({ b: [1, { d: null, c: 'é' }], a: true })).toBe('{"a":true,"b":[1,{"c":"é","d":null}]}');
  });
});

describe('the record format', () => {
  it('the JSON Schema validates a generated export and refuses one without its seal', () => {
    const schema = JSON.parse(readFileSync(path.join(ROOT, 'docs/record-format/record-v1.schema.json'), 'utf8')) as object;
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema);
    const doc = JSON.parse(JSON.stringify(sampleExport())) as Record<string, unknown>;
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    delete doc['seal'];
    expect(validate(doc)).toBe(false);
  });

  it('the verifier page runs only its same-origin script and its one hashed style, and connects nowhere', () => {
    const page = readFileSync(path.join(ROOT, 'public/record-format/verify.html'), 'utf8');
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(defaultCsp('/record-format/verify.html')).toBe(VERIFIER_PAGE_CSP);
    expect(VERIFIER_PAGE_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(VERIFIER_PAGE_CSP).toContain("script-src 'self'");
    expect(VERIFIER_PAGE_CSP).toContain("connect-src 'none'");
    expect(page).toContain('<script src="verify-record.js"></script>');
    expect(page).not.toMatch(/<script>(?!<)/);
  });
});
