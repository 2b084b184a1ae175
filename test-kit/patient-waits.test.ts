import { describe, expect, it, vi } from 'vitest';
import { patientWaitOptions, WAIT_GUARD_MS } from './patient-waits.ts';

describe('patient waits', () => {
  it("wait up to the guard unless the test says otherwise, keeping the test's own options", () => {
    expect(patientWaitOptions()).toEqual({ timeout: WAIT_GUARD_MS });
    expect(patientWaitOptions({ interval: 5 })).toEqual({ timeout: WAIT_GUARD_MS, interval: 5 });
    expect(patientWaitOptions({ timeout: 200 })).toEqual({ timeout: 200 });
    expect(patientWaitOptions(300)).toEqual({ timeout: 300 });
  });

  it('are what vi.waitFor does in this project: a wait past vitest’s own 1 s default still ends well', async () => {
    // Time is faked: the condition holds only once 1.5 s have passed, which vitest's default would give up on.
    vi.useFakeTimers();
    try {
      const start = Date.now();
      const waiting = vi.waitFor(() => {
        if (Date.now() - start < 1500) throw new Error('not yet');
        return 'done';
      });
      await vi.advanceTimersByTimeAsync(2000);
      await expect(waiting).resolves.toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });
});
