import { describe, expect, it } from 'vitest';
import { faceMovement, looksAlive, maxMovement, type FaceFrame } from '../../src/domain/clock/liveness.ts';

/** A face 200 px wide at (x, y), with landmarks on a grid, optionally turned (landmarks squeezed sideways). */
function frame(x: number, y: number, width = 200, turn = 0): FaceFrame {
  const landmarks = Array.from({ length: 68 }, (_, i) => ({
    x: x + width / 2 + ((i % 9) - 4) * 15 * (1 - turn) + turn * 20,
    y: y + width / 2 + (Math.floor(i / 9) - 4) * 15,
  }));
  return { box: { x, y, width, height: width }, landmarks };
}

describe('liveness', () => {
  it('sees no movement in identical frames (a still photo)', () => {
    expect(faceMovement(frame(100, 80), frame(100, 80))).toBe(0);
    expect(looksAlive([frame(100, 80), frame(100, 80), frame(100, 80)])).toBe(false);
  });

  it('ignores detection jitter of a pixel or two', () => {
    expect(looksAlive([frame(100, 80), frame(101, 81), frame(99, 80, 201)])).toBe(false);
  });

  it('sees a head that shifts, comes closer or turns', () => {
    expect(faceMovement(frame(100, 80), frame(112, 80))).toBeCloseTo(0.06, 6);
    expect(looksAlive([frame(100, 80), frame(101, 80), frame(112, 84)])).toBe(true);
    expect(looksAlive([frame(100, 80), frame(95, 75, 212)])).toBe(true);
    expect(looksAlive([frame(100, 80), frame(100, 80, 200, 0.25)])).toBe(true);
  });

  it('needs at least two frames, and takes the largest movement between any two', () => {
    expect(looksAlive([frame(100, 80)])).toBe(false);
    expect(maxMovement([frame(100, 80), frame(106, 80), frame(124, 80)])).toBeCloseTo(0.12, 6);
    // A head that swayed and came back: the first and last frames agree, the middle one does not.
    expect(maxMovement([frame(100, 80), frame(112, 80), frame(100, 80)])).toBeCloseTo(0.06, 6);
    expect(maxMovement([frame(112, 80), frame(100, 80), frame(100, 80)])).toBeCloseTo(0.06, 6);
  });
});
