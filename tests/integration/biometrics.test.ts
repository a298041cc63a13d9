import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { addAccount } from '../helpers/accounts.ts';
import { enrolPhotoBody, facePunchFields } from '../helpers/camera-frame.ts';
import { clockChallenge } from '../helpers/face-punch.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 20, point 7 (decision 047): face recognition off on a new installation (the demo is one),
 * switched only by POST /api/settings/face-recognition with the notice acknowledged and a PIN or
 * badge for every active employee; who and when recorded and audited; turning it off may delete
 * every descriptor; the DPIA draft in Spanish and English.
 */

let server: TestServer;
let admin: Client;
let adminEs: Client;
let reader: Client;
let employee: Client;
let terminal: PairedTestTerminal;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const SWITCH = '/api/settings/face-recognition';

interface Status {
  enabled: boolean;
  lastChange: { enabled: boolean; at: string; byName: string; noticeVersion: string | null } | null;
  acknowledged: boolean;
  enrolledEmployees: number;
  descriptorCount: number;
  missingAlternative: { id: number; name: string }[];
}
const status = async (): Promise<Status> => (await (await admin.get(SWITCH)).json()).data;
const settings = async () => (await (await admin.get('/api/settings')).json()).data as Record<string, unknown>;
const faceAudit = () => sql<{ user_id: number; action: string; after: string }>("select user_id, action, after from audit_log where entity = 'setting' and entity_id = 'faceRecognition' order by id");
/**
 * A face punch from a paired terminal that takes faces (decision 042), as its kiosk sends it: a
 * fresh challenge (none while face recognition is off: the terminal is refused one) and a camera
 * frame of raj, whom nobody enrolled (decision 065). Refused only for face reasons.
 */
const facePunch = async (): Promise<{ status: number; code?: string }> => {
  const challenge = await clockChallenge(server.url, terminal.headers);
  const res = await new Client(server.url).post('/api/clock', { action: 'check-in', ...(await facePunchFields('raj3')), challenge }, terminal.headers);
  return { status: res.status, code: ((await res.json()) as { code?: string }).code };
};

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  await addAccount(server.dataDir, { email: 'reader@demo.jornada', password: 'Read#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
  reader = new Client(server.url);
  expect((await reader.signIn('reader@demo.jornada', 'Read#2026')).status).toBe(200);
  employee = new Client(server.url);
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  terminal = await pairTerminal(server.url, admin, { name: 'Entrada', location: 'Planta baja', methods: ['face', 'pin'] });
  // A revoked terminal is no longer in use: the DPIA draft leaves it out.
  const old = await pairTerminal(server.url, admin, { name: 'Almacén viejo', methods: ['badge'] });
  expect((await admin.post(`/api/terminals/${old.id}/revoke`)).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe('face recognition is off by default and switched only on purpose', () => {
  it('starts off on a new installation (the demo data set too): the clock refuses faces', async () => {
    expect((await settings()).faceRecognition).toBe(false);
    expect(await status()).toMatchObject({ enabled: false, lastChange: null, acknowledged: false, enrolledEmployees: 0, descriptorCount: 0, missingAlternative: [] });
    expect(await facePunch()).toEqual({ status: 403, code: 'punch.faceClockUnavailable' });
  });

  it('PUT /api/settings cannot switch it on (422, translated) and writes nothing', async () => {
    const before = await settings();
    const auditBefore = sql<{ n: number }>('select count(*) as n from audit_log')[0]!.n;
    const res = await adminEs.request('PUT', '/api/settings', { ...before, faceRecognition: true, graceMinutes: 9 });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ faceRecognition: es.biometrics.useDedicatedSwitch });
    expect(await settings()).toEqual(before);
    expect(sql<{ n: number }>('select count(*) as n from audit_log')[0]!.n).toBe(auditBefore);
    // The form sends the stored value with every save: that is fine.
    expect((await admin.request('PUT', '/api/settings', { ...before, graceMinutes: 6 })).status).toBe(200);
    expect((await admin.request('PUT', '/api/settings', { ...before })).status).toBe(200);
  });

  it('turning it on needs the notice acknowledged (422 on the field) and a well-formed body', async () => {
    for (const body of [{ enabled: true }, { enabled: true, acknowledged: false }]) {
      const res = await adminEs.post(SWITCH, body);
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({ acknowledged: es.biometrics.noticeNotAcknowledged });
    }
    for (const body of [{}, { enabled: 'yes', acknowledged: true }, { enabled: true, acknowledged: 'yes' }, []]) {
      expect((await admin.post(SWITCH, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await status()).enabled).toBe(false);
    expect(faceAudit()).toEqual([]);
  });

  it('is refused while an active employee has neither PIN nor badge, naming them; archived ones do not count', async () => {
    const carmen = sql<{ id: number; last_name: string; pin_key: string }>("select id, last_name, pin_key from employees where first_name = 'Carmen'")[0]!;
    sql("update employees set pin_key = '', rfid_card = null where id = ?", carmen.id);
    try {
      for (const [client, lang] of [
        [admin, en],
        [adminEs, es],
      ] as const) {
        const res = await client.post(SWITCH, { enabled: true, acknowledged: true });
        expect(res.status).toBe(409);
        const body = await res.json();
        expect(body.code).toBe('biometrics.alternativeMissing');
        expect(body.message).toBe(lang.biometrics.alternativeMissing.replace('{{names}}', `Carmen ${carmen.last_name}`));
      }
      expect((await status()).missingAlternative).toEqual([{ id: carmen.id, name: `Carmen ${carmen.last_name}` }]);
      expect((await settings()).faceRecognition).toBe(false);
      expect(faceAudit()).toEqual([]);
      // A badge is an alternative; so is being archived.
      sql("update employees set rfid_card = 'BADGE-CARMEN' where id = ?", carmen.id);
      expect((await status()).missingAlternative).toEqual([]);
      sql("update employees set rfid_card = null, status = 'archived' where id = ?", carmen.id);
      expect((await status()).missingAlternative).toEqual([]);
    } finally {
      sql("update employees set pin_key = ?, status = 'active' where id = ?", carmen.pin_key, carmen.id);
    }
  });

  it('only setting.update switches it; setting.read sees the status and the draft; employees neither', async () => {
    expect((await reader.post(SWITCH, { enabled: true, acknowledged: true })).status).toBe(403);
    expect((await reader.get(SWITCH)).status).toBe(200);
    expect((await reader.get(`${SWITCH}/dpia?lang=es`)).status).toBe(200);
    expect((await employee.get(SWITCH)).status).toBe(403);
    expect((await employee.post(SWITCH, { enabled: true, acknowledged: true })).status).toBe(403);
    expect((await employee.get(`${SWITCH}/dpia`)).status).toBe(403);
    expect((await new Client(server.url).post(SWITCH, { enabled: true, acknowledged: true })).status).toBe(401);
    expect((await status()).enabled).toBe(false);
  });

  it('turns on with the notice acknowledged: who and when recorded, shown and audited; faces are then identified', async () => {
    const res = await admin.post(SWITCH, { enabled: true, acknowledged: true });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(en.biometrics.turnedOn);
    expect(body.data).toMatchObject({ enabled: true, acknowledged: true, lastChange: { enabled: true, byName: 'Demo Administrator', noticeVersion: 'aepd-2023-11' } });
    expect(Date.now() - Date.parse(body.data.lastChange.at)).toBeLessThan(60_000);
    expect((await settings()).faceRecognition).toBe(true);
    const adminId = sql<{ id: number }>("select id from users where email = 'admin@demo.jornada'")[0]!.id;
    const audit = faceAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: adminId, action: 'face.enable' });
    expect(JSON.parse(audit[0]!.after)).toEqual({ faceRecognition: true, noticeVersion: 'aepd-2023-11' });
    // Nobody is enrolled: the face is unknown now, no longer "turned off".
    expect(await facePunch()).toEqual({ status: 401, code: 'messages.faceNotRecognized' });
    // The settings page shows who turned it on.
    const page = await (await admin.get('/setting')).text();
    expect(page).toContain('Demo Administrator');
  });

  it("offers a DPIA draft in Spanish and English with this installation's facts", async () => {
    const carmen = sql<{ id: number }>("select id from employees where first_name = 'Carmen'")[0]!.id;
    expect((await admin.request('PUT', `/api/employees/${carmen}/consent`, { consent: true })).status).toBe(200);
    // Enrolled from the photo: the server computes the descriptor (decision 065).
    const enrolled = await admin.post(`/api/employees/${carmen}/photos`, enrolPhotoBody('amy1'));
    expect(enrolled.status).toBe(201);
    expect((await enrolled.json()).data.faceData).toBe(true);
    const active = sql<{ n: number }>("select count(*) as n from employees where status = 'active'")[0]!.n;
    for (const [lang, title, file, threshold] of [
      ['es', '# Evaluación de impacto en protección de datos', 'evaluacion-impacto-biometria-', '0,55'],
      ['en', '# Data-protection impact assessment', 'dpia-face-clock-', '0.55'],
    ] as const) {
      const res = await admin.get(`${SWITCH}/dpia?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename="${file}\\d{4}-\\d{2}-\\d{2}\\.md"`));
      const text = await res.text();
      expect(text.startsWith(title)).toBe(true);
      expect(text).toContain('Panadería La Espiga');
      expect(text).toContain('Demo Administrator');
      expect(text).toContain(`| ${threshold} (`);
      expect(text).toMatch(new RegExp(`\\| ${active} \\|`));
      expect(text).toContain('| 1 (1 descriptor) |'); // one descriptor: singular in both languages
      expect(text).toContain('[...]');
      expect(text).toContain(lang === 'es' ? '- Entrada (Planta baja): rostro, PIN' : '- Entrada (Planta baja): face, PIN');
      expect(text).not.toContain('Almacén viejo');
      // Every text came from the translations: no key and no placeholder left.
      expect(text).not.toMatch(/\{\{|\bdpia\.|biometrics\./);
    }
  });

  it('turns off keeping the descriptors, or deleting them all when asked (audited with the count)', async () => {
    const descriptors = () => sql<{ n: number }>('select count(*) as n from face_descriptors')[0]!.n;
    expect(descriptors()).toBe(1);
    const kept = await admin.post(SWITCH, { enabled: false });
    expect(kept.status).toBe(200);
    const keptBody = await kept.json();
    expect(keptBody.message).toBe(en.biometrics.turnedOff);
    expect(keptBody.data).toMatchObject({ enabled: false, acknowledged: false, descriptorCount: 1, lastChange: { enabled: false, byName: 'Demo Administrator', noticeVersion: null } });
    expect(descriptors()).toBe(1);
    expect(await facePunch()).toEqual({ status: 403, code: 'punch.faceClockUnavailable' });

    expect((await admin.post(SWITCH, { enabled: true, acknowledged: true })).status).toBe(200);
    const gone = await adminEs.post(SWITCH, { enabled: false, deleteDescriptors: true });
    expect(gone.status).toBe(200);
    expect((await gone.json()).message).toBe(es.biometrics.turnedOffDeleted.replace('{{count}}', '1'));
    expect(descriptors()).toBe(0);
    expect((await status()).enrolledEmployees).toBe(0);
    expect(faceAudit().map((a) => a.action)).toEqual(['face.enable', 'face.disable', 'face.enable', 'face.disable']);
    expect(JSON.parse(faceAudit().at(-1)!.after)).toEqual({ faceRecognition: false, descriptorsDeleted: 1 });
    // The photo itself stays (a profile picture).
    expect(sql<{ n: number }>("select count(*) as n from employees where image is not null and first_name = 'Carmen'")[0]!.n).toBe(1);
  });

  it('an older installation that was on before the notice asks for the acknowledgement and records it', async () => {
    sql("update settings set value = 'true' where key = 'faceRecognition'");
    sql("delete from settings where key = 'faceEnablement'");
    expect(await status()).toMatchObject({ enabled: true, acknowledged: false, lastChange: null });
    const res = await admin.post(SWITCH, { enabled: true, acknowledged: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(en.biometrics.acknowledged);
    expect(body.data).toMatchObject({ enabled: true, acknowledged: true });
    expect(faceAudit().at(-1)!.action).toBe('face.acknowledge');
  });
});
