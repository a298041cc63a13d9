import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFailure, runApiAction, type ApiActionEffects, type Navigation } from '../../src/lib/client/api-action.ts';
import { ApiError } from '../../src/lib/client/api.ts';

/** Effects that record what the island would have shown, in order. */
function recorder<K = true>() {
  const log: string[] = [];
  const running: (K | null)[] = [];
  const effects: ApiActionEffects<K> = {
    setRunning: (key) => running.push(key),
    toastSuccess: (m) => log.push(`success:${m}`),
    toastError: (m) => log.push(`error:${m}`),
    flash: (m) => log.push(`flash:${m}`),
    navigate: (to: Navigation) => log.push(`navigate:${JSON.stringify(to)}`),
    fallback: 'Something went wrong',
  };
  return { log, running, effects };
}

const refused = new ApiError('Invalid input', 422, 'validation.invalidInput', { name: 'Name is required', 'rows.0.to': 'Too late' }, { rows: [1] });

describe('apiFailure', () => {
  it('takes the message, field errors, status, code and body of an API answer', () => {
    expect(apiFailure(refused, 'fallback')).toEqual({
      message: 'Invalid input',
      fields: { name: 'Name is required', 'rows.0.to': 'Too late' },
      status: 422,
      code: 'validation.invalidInput',
      body: { rows: [1] },
    });
  });
  it('keeps status 0 (no answer) and uses the fallback for an empty message', () => {
    expect(apiFailure(new ApiError('', 0), 'fallback')).toMatchObject({ message: 'fallback', status: 0, fields: {} });
    expect(apiFailure(new ApiError('Failed to fetch', 0), 'fallback')).toMatchObject({ message: 'Failed to fetch', status: 0 });
  });
  it('answers anything else with the fallback and no fields', () => {
    expect(apiFailure(new TypeError('x is undefined'), 'fallback')).toEqual({ message: 'fallback', fields: {}, status: null, code: undefined, body: {} });
    expect(apiFailure('boom', 'fallback').message).toBe('fallback');
  });
});

describe('runApiAction', () => {
  it('on success shows the answer message as a toast, runs the callback with the answer and ends busy', async () => {
    const { log, running, effects } = recorder();
    let seen: unknown;
    const ok = await runApiAction(async () => ({ message: 'Saved', data: 7 }), { success: 'toast', then: (a) => void (seen = a.data) }, effects);
    expect(ok).toBe(true);
    expect(seen).toBe(7);
    expect(log).toEqual(['success:Saved']);
    expect(running).toEqual([true, null]);
  });

  it('flashes and navigates, and stays busy while the page leaves', async () => {
    const { log, running, effects } = recorder();
    await runApiAction(async () => ({ message: 'Created' }), { success: 'flash', then: { assign: '/users' } }, effects);
    expect(log).toEqual(['flash:Created', 'navigate:{"assign":"/users"}']);
    expect(running).toEqual([true]);
    const reload = recorder();
    await runApiAction(async () => ({ message: 'Done' }), { success: 'flash', then: 'reload' }, reload.effects);
    expect(reload.log).toEqual(['flash:Done', 'navigate:"reload"']);
    expect(reload.running).toEqual([true]);
  });

  it('navigates where the callback says, from the answer', async () => {
    const { log, running, effects } = recorder();
    await runApiAction(async () => ({ id: 4 }), { then: (a) => ({ assign: `/employee-details/${a.id}` }) }, effects);
    expect(log).toEqual(['navigate:{"assign":"/employee-details/4"}']);
    expect(running).toEqual([true]);
  });

  it('shows no success toast without a message (a 204 answer, an empty message)', async () => {
    const { log, effects } = recorder();
    await runApiAction(async () => undefined, { success: 'toast' }, effects);
    await runApiAction(async () => ({ message: '' }), { success: 'toast' }, effects);
    expect(log).toEqual([]);
  });

  it('puts field errors on the form fields and the message in the toast by default', async () => {
    const { log, running, effects } = recorder();
    const set: [string, unknown][] = [];
    const ok = await runApiAction(() => Promise.reject(refused), { setError: (name, error) => set.push([name, error]), then: 'reload' }, effects);
    expect(ok).toBe(false);
    expect(set).toEqual([
      ['name', { type: 'server', message: 'Name is required' }],
      ['rows.0.to', { type: 'server', message: 'Too late' }],
    ]);
    expect(log).toEqual(['error:Invalid input']);
    expect(running).toEqual([true, null]);
  });

  it('hands field errors to a local setter and the message to the island instead of a toast', async () => {
    const { log, effects } = recorder();
    const fields: Record<string, string>[] = [];
    const alerts: [string, number | null][] = [];
    await runApiAction(() => Promise.reject(refused), { onFieldErrors: (f) => fields.push(f), onError: (m, f) => alerts.push([m, f.status]) }, effects);
    expect(fields).toEqual([refused.errors]);
    expect(alerts).toEqual([['Invalid input', 422]]);
    expect(log).toEqual([]);
  });

  it('uses the translated fallback, or the action’s own, for an error that is not an API answer', async () => {
    const { log, effects } = recorder();
    await runApiAction(() => Promise.reject(new Error('bug')), {}, effects);
    await runApiAction(() => Promise.reject(new Error('bug')), { fallback: 'Unable to sign in' }, effects);
    expect(log).toEqual(['error:Something went wrong', 'error:Unable to sign in']);
  });

  it('treats a failure of the callback (re-reading a list) like the request’s, after the success message', async () => {
    const { log, running, effects } = recorder();
    const ok = await runApiAction(async () => ({ message: 'Created' }), { success: 'toast', then: () => Promise.reject(new ApiError('Forbidden', 403)) }, effects);
    expect(ok).toBe(false);
    expect(log).toEqual(['success:Created', 'error:Forbidden']);
    expect(running).toEqual([true, null]);
  });

  it('reports the key of what runs', async () => {
    const { running, effects } = recorder<number>();
    await runApiAction(() => Promise.reject(refused), { key: 12, onError: () => {} }, effects);
    expect(running).toEqual([12, null]);
  });
});

/**
 * Issue 35.4: islands show an action's failure through useApiAction (or read it with apiFailure),
 * not with hand-written `instanceof ApiError` blocks. Allowed where a comment says why.
 */
const OWN_FAILURE_HANDLING = new Set([
  'clock/ClockKiosk.tsx', // a refused punch is a state-machine event; unreachable punches go to the offline queue
]);

describe('islands and the action helper', () => {
  it('no island handles an ApiError by hand outside the allow-list', () => {
    const root = path.resolve(import.meta.dirname, '../../src/components/islands');
    const found = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && readFileSync(path.join(root, f), 'utf8').includes('instanceof ApiError'))
      .map((f) => f.split(path.sep).join('/'));
    expect(found.filter((f) => !OWN_FAILURE_HANDLING.has(f))).toEqual([]);
    for (const f of OWN_FAILURE_HANDLING) expect(found).toContain(f);
  });
});
