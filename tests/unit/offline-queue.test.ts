import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { flushOfflineQueue, openOfflineQueue, openPersonalQueue, QUEUE_BATCH, type BatchAnswer, type QueuedPunch } from '../../src/lib/client/offline-queue.ts';

let terminal = 100;
const fresh = () => openOfflineQueue(++terminal);
const at = '2031-03-03T09:00:00.000Z';

/** A server that records what arrives, in order, and answers like POST /api/clock/offline. */
function fakeServer() {
  const received: QueuedPunch[] = [];
  let lastSeq = 0;
  let down = false;
  const send = async (punches: readonly QueuedPunch[]): Promise<BatchAnswer> => {
    if (down) throw new TypeError('Failed to fetch');
    received.push(...punches);
    for (const p of punches) lastSeq = Math.max(lastSeq, p.seq);
    return { results: punches.map((p) => ({ seq: p.seq, status: 'recorded' })), lastSeq };
  };
  return {
    received,
    send,
    setDown: (value: boolean) => (down = value),
    setLastSeq: (value: number) => (lastSeq = value),
  };
}

describe('offline queue (decision 046)', () => {
  it('numbers punches 1, 2, 3 and keeps them in order with their device time', async () => {
    const queue = await fresh();
    const a = await queue.add({ action: 'check-in', at, pin: '100001' });
    const b = await queue.add({ action: 'check-in', at, card: 'CARD-7' });
    const c = await queue.add({ action: 'check-out', at, pin: '100001' });
    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    expect(await queue.count()).toBe(3);
    expect((await queue.pending()).map((p) => [p.seq, p.action, p.pin ?? p.card])).toEqual([
      [1, 'check-in', '100001'],
      [2, 'check-in', 'CARD-7'],
      [3, 'check-out', '100001'],
    ]);
    queue.close();
  });

  it('survives closing and opening again (a reloaded page): same punches, next number goes on', async () => {
    const id = ++terminal;
    const first = await openOfflineQueue(id);
    await first.add({ action: 'check-in', at, pin: '100001' });
    first.close();
    const again = await openOfflineQueue(id);
    expect(await again.count()).toBe(1);
    expect((await again.add({ action: 'check-out', at, pin: '100001' })).seq).toBe(2);
    again.close();
  });

  it('keeps one queue per terminal: another pairing never sends these punches', async () => {
    const one = await fresh();
    const other = await fresh();
    await one.add({ action: 'check-in', at, pin: '100001' });
    expect(await other.count()).toBe(0);
    expect((await other.add({ action: 'check-in', at, pin: '100002' })).seq).toBe(1);
    one.close();
    other.close();
  });

  it('sends in order and empties the queue once the server answered', async () => {
    const queue = await fresh();
    const server = fakeServer();
    for (let i = 0; i < 3; i++) await queue.add({ action: i % 2 ? 'check-out' : 'check-in', at, pin: '100001' });
    expect(await flushOfflineQueue(queue, server.send)).toEqual({ sent: 3, left: 0 });
    expect(server.received.map((p) => p.seq)).toEqual([1, 2, 3]);
    expect(await queue.count()).toBe(0);
    queue.close();
  });

  it('keeps every punch while the server is down and sends them all when it is back', async () => {
    const queue = await fresh();
    const server = fakeServer();
    server.setDown(true);
    await queue.add({ action: 'check-in', at, pin: '100001' });
    await queue.add({ action: 'check-in', at, pin: '100002' });
    expect(await flushOfflineQueue(queue, server.send)).toEqual({ sent: 0, left: 2 });
    expect(await queue.count()).toBe(2);
    server.setDown(false);
    expect(await flushOfflineQueue(queue, server.send)).toEqual({ sent: 2, left: 0 });
    expect(server.received.map((p) => p.pin)).toEqual(['100001', '100002']);
    queue.close();
  });

  it('sends more than one batch in order', async () => {
    const queue = await fresh();
    const server = fakeServer();
    const total = QUEUE_BATCH + 7;
    for (let i = 0; i < total; i++) await queue.add({ action: 'check-in', at, pin: '100001' });
    expect(await flushOfflineQueue(queue, server.send)).toEqual({ sent: total, left: 0 });
    expect(server.received.map((p) => p.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    queue.close();
  });

  it('removes only the punches the server answered for', async () => {
    const queue = await fresh();
    await queue.add({ action: 'check-in', at, pin: '100001' });
    await queue.add({ action: 'check-in', at, pin: '100002' });
    // A server that answers for number 1 only (as if it stopped after it).
    const partial = async (punches: readonly QueuedPunch[]): Promise<BatchAnswer> => ({
      results: punches.filter((p) => p.seq === 1).map((p) => ({ seq: p.seq, status: 'conflict' })),
      lastSeq: 1,
    });
    expect(await flushOfflineQueue(queue, partial)).toEqual({ sent: 1, left: 1 });
    expect((await queue.pending()).map((p) => p.seq)).toEqual([2]);
    queue.close();
  });

  it('keeps the punches when the server refuses the whole batch (a revoked terminal)', async () => {
    const queue = await fresh();
    await queue.add({ action: 'check-in', at, pin: '100001' });
    const refuse = async (): Promise<BatchAnswer> => {
      throw new Error('401 terminal.unknown');
    };
    expect(await flushOfflineQueue(queue, refuse)).toEqual({ sent: 0, left: 1 });
    queue.close();
  });

  it('catches the next number up with the server after the browser forgot its queue', async () => {
    const queue = await fresh();
    const server = fakeServer();
    server.setLastSeq(40);
    // An empty queue asks once and learns the server's last number.
    expect(await flushOfflineQueue(queue, server.send)).toEqual({ sent: 0, left: 0 });
    expect((await queue.add({ action: 'check-in', at, pin: '100001' })).seq).toBe(41);
    // Never below the server's last number while punches wait.
    await queue.catchUp(3);
    expect((await queue.add({ action: 'check-out', at, pin: '100001' })).seq).toBe(42);
    queue.close();
  });

  it('comes back down to the server’s numbering once nothing waits (an administrator reset it, issue 34.6)', async () => {
    const queue = await fresh();
    const server = fakeServer();
    server.setLastSeq(2 ** 31);
    await flushOfflineQueue(queue, server.send);
    expect((await queue.add({ action: 'check-in', at, pin: '100001' })).seq).toBe(2 ** 31 + 1);
    // The administrator resets the terminal's numbering: the waiting punch keeps its number…
    server.setLastSeq(0);
    await queue.catchUp(0);
    expect((await queue.pending()).map((p) => p.seq)).toEqual([2 ** 31 + 1]);
    await queue.acknowledge([2 ** 31 + 1]);
    // …and with nothing waiting the next one is the server's next.
    await queue.catchUp(0);
    expect((await queue.add({ action: 'check-out', at, pin: '100001' })).seq).toBe(1);
    queue.close();
  });

  it('sends the time of sending by the device clock with each batch', async () => {
    const queue = await fresh();
    await queue.add({ action: 'check-in', at, pin: '100001' });
    const seen: string[] = [];
    await flushOfflineQueue(
      queue,
      async (punches, sentAt) => {
        seen.push(sentAt);
        return { results: punches.map((p) => ({ seq: p.seq, status: 'recorded' })), lastSeq: 1 };
      },
      () => new Date('2031-03-03T12:00:00.000Z'),
    );
    expect(seen).toEqual(['2031-03-03T12:00:00.000Z']);
    queue.close();
  });
});

describe('the personal clock’s queue (decision 071)', () => {
  it('keeps one random device id per account, across reopening; another account has its own queue and id', async () => {
    const first = await openPersonalQueue(501);
    const id = await first.device();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await first.add({ action: 'check-in', at: '2031-01-01T09:00:00.000Z', workMode: 'remote' });
    first.close();
    const again = await openPersonalQueue(501);
    expect(await again.device()).toBe(id);
    expect(await again.pending()).toEqual([{ seq: 1, action: 'check-in', at: '2031-01-01T09:00:00.000Z', workMode: 'remote' }]);
    const next = await again.add({ action: 'check-out', at: '2031-01-01T17:00:00.000Z', workMode: 'remote' });
    expect(next.seq).toBe(2);
    again.close();
    const other = await openPersonalQueue(502);
    expect(await other.device()).not.toBe(id);
    expect(await other.count()).toBe(0);
    other.close();
  });
});
