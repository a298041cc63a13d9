import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '#server/services/sign-in/session-user.ts';
import { createWebhook } from '#server/services/webhooks/create-webhook.ts';
import { deliverWebhook } from '#server/services/webhooks/deliver-webhook.ts';
import { postWebhook, type Resolver } from '#server/services/webhooks/post-webhook.ts';
import { sendTestWebhook } from '#server/services/webhooks/send-test-webhook.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';
import { startWebhookReceiver } from '../helpers/webhook-receiver.ts';

/**
 * Issue 34, point 7. "Send test event" told an open loopback port from a closed one ("HTTP 404"
 * against "connection refused"): a port scanner of the server's own network. Link-local addresses
 * (169.254.169.254, the cloud metadata service) were accepted and posted to, also when a host
 * name resolved to one. Now the test answer for a non-public address says only delivered or not,
 * and link-local addresses are refused when typed and when resolved, before anything is sent.
 */
let s: ServiceDb;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let closedPort: number;
let user: SessionUser;

const error = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { code: string; status: number; params: Record<string, unknown> },
  );
const hook = async (url: string) => (await createWebhook(s.db, user, { url, events: ['leave.decided'], description: '' })).data._id;

beforeAll(async () => {
  s = await openServiceDb();
  user = {
    id: s.superAdmin.id,
    name: 'S',
    email: 's@x',
    image: null,
    accountType: 'SuperAdmin',
    permissions: s.superAdmin.permissions,
    roleId: s.superAdmin.roleId,
    roleName: 'Administrator',
    companyId: s.companyId,
    employeeId: null,
  };
  receiver = await startWebhookReceiver((path) => (path === '/missing' ? 404 : 204));
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await receiver.close();
  await s.close();
});

describe('the test answer for a loopback or private address', () => {
  it('says only "not delivered" for an open port that refuses the event and for a closed port alike', async () => {
    const open = await error(sendTestWebhook(s.db, user, await hook(receiver.url('/missing'))));
    const closed = await error(sendTestWebhook(s.db, user, await hook(`http://127.0.0.1:${closedPort}/x`)));
    expect(receiver.at('/missing')).toHaveLength(1); // it was sent, and answered 404
    expect(open).toMatchObject({ status: 502, code: 'webhooks.testFailed.notDelivered' });
    expect(closed).toEqual(open);
    expect(open!.params).toEqual({});
  });

  it('says only "delivered", without the status', async () => {
    await expect(sendTestWebhook(s.db, user, await hook(receiver.url('/ok')))).resolves.toEqual({ status: null });
    expect(receiver.at('/ok')).toHaveLength(1);
  });
});

describe('link-local addresses', () => {
  it('one stored before issue 34 is neither tested nor delivered', async () => {
    const id = await hook(receiver.url('/will-change'));
    await s.db.updateTable('webhooks').set({ url: 'http://169.254.169.254/latest/meta-data/' }).where('id', '=', id).execute();
    await expect(error(sendTestWebhook(s.db, user, id))).resolves.toMatchObject({ status: 502, code: 'webhooks.testFailed.linkLocal' });
    const result = await deliverWebhook(s.db, { id: 1, kind: 'leave.decided', payload: JSON.stringify({ webhookId: id, body: '{}' }) });
    expect(result).toMatchObject({ outcome: 'permanent', reason: 'linkLocal', status: null });
  });

  it('a host name that resolves to one is refused at delivery, before connecting', async () => {
    const port = new URL(receiver.url('/')).port;
    const resolveTo =
      (addresses: string[]): Resolver =>
      (_host, _options, callback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    const post = (resolver: Resolver, path: string) => postWebhook({ url: `http://hooks.example:${port}${path}`, secret: 'k', event: 'leave.decided', deliveryId: '1', body: '{}' }, resolver);

    // The same name resolving to the (loopback) receiver only is delivered: the lookup is what is used.
    await expect(post(resolveTo(['127.0.0.1']), '/resolved')).resolves.toMatchObject({ outcome: 'delivered', publicAddress: false });
    expect(receiver.at('/resolved')).toHaveLength(1);
    // With a link-local address among the answers, nothing is sent.
    await expect(post(resolveTo(['127.0.0.1', '169.254.169.254']), '/rebound')).resolves.toMatchObject({ outcome: 'permanent', reason: 'linkLocal' });
    await expect(post(resolveTo(['::ffff:169.254.169.254']), '/rebound')).resolves.toMatchObject({ outcome: 'permanent', reason: 'linkLocal' });
    expect(receiver.at('/rebound')).toHaveLength(0);
  });
});
