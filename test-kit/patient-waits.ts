/**
 * Set-up of the unit, API and integration projects (vitest.config.ts): `vi.waitFor` waits up to `WAIT_GUARD_MS`
 * unless a test says otherwise. Vitest's own default is 1 s, which a loaded machine overruns while a simulated
 * board, a tunnel or a database answers (docs/design.md §8): a wait is a guard against a hang, never a measure of
 * speed, so its bound is generous and a green run costs nothing more.
 */
import { vi } from 'vitest';

/** As long as the integration and end-to-end projects' `expect.poll` waits. */
export const WAIT_GUARD_MS = 10_000;

type WaitForOptions = Exclude<Parameters<typeof vi.waitFor>[1], undefined>;

/** A test's own options win; what it leaves out waits up to the guard. */
export function patientWaitOptions(options?: WaitForOptions): Exclude<WaitForOptions, number> {
  if (typeof options === 'number') return { timeout: options };
  return { timeout: WAIT_GUARD_MS, ...options };
}

/** Marks the patient `vi.waitFor`: without isolation a worker runs this file again for each test file it takes. */
const PATIENT = Symbol.for('portal.patientWaitFor');

if (!(PATIENT in vi.waitFor)) {
  const waitFor = vi.waitFor;
  vi.waitFor = Object.assign(
    ((callback, options) => waitFor(callback, patientWaitOptions(options))) as typeof vi.waitFor,
    { [PATIENT]: true },
  );
}
