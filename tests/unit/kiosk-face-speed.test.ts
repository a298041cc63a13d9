import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CHALLENGE_USE_MS, earlyFaceChallenge } from '../../src/lib/client/clock-challenge.ts';
import { KIOSK_VISIT, kioskVisitFrames, y4mVideo } from '../helpers/fake-camera.ts';

/** Two tiny frames (as faceVideoFrames gives them: Y, U, V planes of 640 × 480 4:2:0). */
const frames = (): [Buffer, Buffer, Buffer][] => [60, 200].map((luma) => [Buffer.alloc(640 * 480, luma), Buffer.alloc(320 * 240, 128), Buffer.alloc(320 * 240, 128)] as [Buffer, Buffer, Buffer]);
const HEADER = 'YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n'.length;
const FRAME = 'FRAME\n'.length + 640 * 480 * 1.5;

describe('y4mVideo: sensor grain per seed (bench/kiosk-face.mjs overwrites the playing video per punch)', () => {
  it('without grain is the frames as they are', () => {
    const video = y4mVideo(frames());
    expect(video.length).toBe(HEADER + 2 * FRAME);
    expect(video[HEADER + 'FRAME\n'.length]).toBe(60);
    expect(video[HEADER + FRAME + 'FRAME\n'.length]).toBe(200);
  });

  it('has the same size whatever the seed (overwritten in place, a reader never meets a short file)', () => {
    expect(y4mVideo(frames(), { grain: 2, seed: 1 }).length).toBe(y4mVideo(frames()).length);
    expect(y4mVideo(frames(), { grain: 2, seed: 2 }).length).toBe(y4mVideo(frames()).length);
  });

  it('gives every seed its own frames, every frame its own grain, and the same seed the same video', () => {
    const luma = (video: Buffer, frame: number) => video.subarray(HEADER + frame * FRAME + 'FRAME\n'.length, HEADER + frame * FRAME + 'FRAME\n'.length + 640 * 480);
    const [a, b] = [y4mVideo(frames(), { grain: 2, seed: 1 }), y4mVideo(frames(), { grain: 2, seed: 2 })];
    expect(a.equals(y4mVideo(frames(), { grain: 2, seed: 1 }))).toBe(true);
    // No frame of one seed's video equals the frame of the other's: no camera image is repeated.
    for (const f of [0, 1]) expect(luma(a, f).equals(luma(b, f))).toBe(false);
    // Grain within ±2 levels, and most pixels changed.
    const plain = luma(y4mVideo(frames()), 0);
    const grained = luma(a, 0);
    let [changed, most] = [0, 0];
    for (let i = 0; i < plain.length; i++) {
      most = Math.max(most, Math.abs(grained[i]! - plain[i]!));
      if (grained[i] !== plain[i]) changed++;
    }
    expect(most).toBe(2);
    expect(changed / plain.length).toBeGreaterThan(0.5);
    // Chroma is left alone.
    expect(a.subarray(HEADER + 'FRAME\n'.length + 640 * 480, HEADER + FRAME).equals(y4mVideo(frames()).subarray(HEADER + 'FRAME\n'.length + 640 * 480, HEADER + FRAME))).toBe(true);
  });
});

describe('earlyFaceChallenge: the nonce asked for while the camera looks (decision 045)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A fetch that answers POST /api/clock/challenge with nonces n1, n2, …, or with `status`. */
  function stubChallenges(status = 200) {
    let n = 0;
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      n++;
      return status === 200 ? new Response(JSON.stringify({ nonce: `n${n}`, expiresAt: '' }), { status }) : new Response(JSON.stringify({ message: 'Terminal revoked', code: 'terminal.revoked' }), { status });
    });
    return calls;
  }

  it('asks at once, and hands the early nonce out once; a second hand-out asks again', async () => {
    const calls = stubChallenges();
    const take = earlyFaceChallenge('en');
    expect(calls).toEqual(['POST /api/clock/challenge']);
    expect(await take()).toBe('n1');
    expect(await take()).toBe('n2');
    expect(calls).toHaveLength(2);
  });

  it('asks again when the early nonce is older than EARLY_CHALLENGE_USE_MS (the server keeps it 60 s)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = stubChallenges();
    const take = earlyFaceChallenge('en');
    vi.setSystemTime(Date.now() + EARLY_CHALLENGE_USE_MS + 1);
    expect(await take()).toBe('n2');
    expect(calls).toHaveLength(2);
    expect(EARLY_CHALLENGE_USE_MS).toBeLessThan(60_000);
  });

  it('a refused early request is asked again at hand-out, and that refusal reaches the punch', async () => {
    const calls = stubChallenges(403);
    const take = earlyFaceChallenge('en');
    await expect(take()).rejects.toMatchObject({ status: 403, code: 'terminal.revoked' });
    expect(calls).toHaveLength(2);
  });
});

// Each call renders 40 video frames with sharp (about 1 s idle, 6–7 s on a loaded 2-core machine,
// over 20 s at a load of 15): these two tests get a limit that holds under load, not the unit layer's.
const RENDERING_MS = 180_000;

describe('kioskVisitFrames: the person of the bench (nobody, a face looking, a turn of the head, held)', () => {
  it(
    'is 4 s at 10 frames a second: 1 s of nobody (plain grey), then the face, which turns and stays turned',
    async () => {
      const frames = await kioskVisitFrames('amy2.png', { jitter: 0 });
      const { away, facing, turning, turned } = KIOSK_VISIT;
      expect(frames).toHaveLength(40);
      expect(away + facing + turning + turned).toBe(40);
      const grey = (f: number) => frames[f]![0].every((v) => v === 128);
      for (let f = 0; f < away; f++) expect(grey(f)).toBe(true);
      for (let f = away; f < 40; f++) expect(grey(f)).toBe(false);
      // Looking: the same face; turning: every frame differs; held: the same turned face.
      const same = (a: number, b: number) => frames[a]![0].equals(frames[b]![0]);
      expect(same(away, away + facing - 1)).toBe(true);
      for (let f = away + facing; f < away + facing + turning; f++) expect(same(f - 1, f)).toBe(false);
      expect(same(away + facing + turning - 1, 39)).toBe(true);
    },
    RENDERING_MS,
  );

  it(
    'never holds perfectly still with jitter (seeded: the same seed, the same frames)',
    async () => {
      const [a, b] = [await kioskVisitFrames('amy2.png', { seed: 3 }), await kioskVisitFrames('amy2.png', { seed: 3 })];
      expect(a[12]![0].equals(b[12]![0])).toBe(true);
      expect(a[11]![0].equals(a[12]![0])).toBe(false);
    },
    RENDERING_MS,
  );
});
