import { describe, expect, it } from 'vitest';
import { capRefuses, OVERTIME_CAP_SECONDS, overtimeCapState } from '../../src/domain/worktime/overtime-cap.ts';

const H = 3600;

describe('yearly overtime cap, art. 35.2 ET (decision 049)', () => {
  it('warns from 70 h (paid plus unmarked), reached at 80 h paid, over beyond', () => {
    expect(overtimeCapState({ paidSeconds: 69 * H, unmarkedSeconds: 0 })).toBe('ok');
    expect(overtimeCapState({ paidSeconds: 69 * H + 3599, unmarkedSeconds: 0 })).toBe('ok');
    expect(overtimeCapState({ paidSeconds: 70 * H, unmarkedSeconds: 0 })).toBe('warning');
    expect(overtimeCapState({ paidSeconds: 60 * H, unmarkedSeconds: 10 * H })).toBe('warning');
    expect(overtimeCapState({ paidSeconds: 80 * H, unmarkedSeconds: 0 })).toBe('reached');
    expect(overtimeCapState({ paidSeconds: 80 * H + 1, unmarkedSeconds: 0 })).toBe('over');
  });

  it('refuses only a change that grows the paid overtime beyond 80 h', () => {
    expect(OVERTIME_CAP_SECONDS).toBe(288_000);
    expect(capRefuses(78 * H, 80 * H)).toBe(false); // exactly the cap is allowed
    expect(capRefuses(78 * H, 80 * H + 60)).toBe(true);
    expect(capRefuses(85 * H, 85 * H)).toBe(false); // a correction that leaves the paid hours alone
    expect(capRefuses(85 * H, 83 * H)).toBe(false); // lowering is always fine
    expect(capRefuses(85 * H, 86 * H)).toBe(true);
  });
});
