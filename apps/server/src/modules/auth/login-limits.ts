import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { QueueTicket } from '../../shared/fair-queue.ts';
import type { PasswordHasher } from '../../shared/password-hasher.ts';
import type { LoginGate } from './login-gate.ts';
import type { LoginThrottleRepository } from './login-throttle.repository.ts';
import { deviceAdmissionOf, type LoginKeys, loginKeys } from './login-throttle.ts';
import type { DeviceClaims } from './token.service.ts';

export interface LoginLimitsDeps {
  throttle: LoginThrottleRepository;
  /** Asked first: refusals already decided cost no query and no hash. */
  gate: LoginGate;
  hasher: PasswordHasher;
  clock: Clock;
}

/** One admitted attempt at a password or a code: its place in the hashing queue, and how it ends. */
export interface LoginAttempt {
  /** Its address's lane in the hasher's queue; a known device's goes ahead of the rest. */
  ticket: QueueTicket;
  /** Wrong: a failure (of the device alone when admitted as a known device). */
  failed(): Promise<void>;
  /** Right: failures forgiven (the pair's and account's, or the device's own). */
  succeeded(): Promise<void>;
  /** Never judged, or a second step is to come: it only leaves the count in flight. */
  withdraw(): Promise<void>;
}

export function tooManyAttempts(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    'TOO_MANY_LOGIN_ATTEMPTS',
    `Too many failed login attempts. Try again in ${seconds} seconds.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** How long a device cookie lasts from the latest sign-in that set it: a device in use stays known. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

/** The counter key of a known device's own budget. */
export const deviceKey = (device: string) => `device:${device}`;

/**
 * The login limits as a sign-in meets them (docs/design.md §10a). A sign-in presenting a valid device cookie of
 * its account is judged under that device's own small budget: no failures from elsewhere delay or refuse it, and
 * its hash goes ahead of strangers'. Any other attempt (or a device whose budget is spent) meets the limits of its
 * account and address, as `LoginGate` and `LoginThrottleRepository` keep them.
 */
export class LoginLimits {
  readonly #deps: LoginLimitsDeps;

  constructor(deps: LoginLimitsDeps) {
    this.#deps = deps;
  }

  /**
   * Admits an attempt at `email`'s password or code from `address` (counted in flight), or throws
   * TOO_MANY_LOGIN_ATTEMPTS (or SERVER_BUSY). `device`: the presented device cookie's claims, if valid; it counts
   * only when it names this account.
   */
  async admit(email: string, address: string, device: DeviceClaims | null): Promise<LoginAttempt> {
    if (device && device.email === email.toLowerCase()) {
      const attempt = await this.#admitDevice(deviceKey(device.device), address);
      if (attempt) return attempt;
    }
    const keys = loginKeys(email, address);
    await this.#admitStranger(keys, address);
    const { throttle, gate, clock } = this.#deps;
    return {
      ticket: { client: address },
      failed: async () => {
        const now = clock();
        gate.failed(keys, await throttle.failed(keys, now), now);
      },
      succeeded: async () => gate.succeeded(keys, await throttle.succeeded(keys, clock())),
      withdraw: () => throttle.withdraw(keys),
    };
  }

  /**
   * One attempt judged by `judge` under the limits: its answer, or undefined for a wrong password or code, which
   * counts as a failure and throws `wrong()`; a right one forgives.
   */
  async judge<T>(
    email: string,
    address: string,
    device: DeviceClaims | null,
    judge: (attempt: LoginAttempt) => Promise<T | undefined>,
    wrong: () => AppError,
  ): Promise<T> {
    const attempt = await this.admit(email, address, device);
    let outcome: T | undefined;
    try {
      outcome = await judge(attempt);
    } catch (error) {
      await attempt.withdraw();
      throw error;
    }
    if (outcome === undefined) {
      await attempt.failed();
      throw wrong();
    }
    await attempt.succeeded();
    return outcome;
  }

  /** A known device's attempt under its own budget, or null when that is spent (the attempt is a stranger's). */
  async #admitDevice(key: string, address: string): Promise<LoginAttempt | null> {
    const { throttle, gate, hasher, clock } = this.#deps;
    const now = clock();
    if (gate.deviceWait(key, now) > 0) return null;
    const ticket = { client: address, priority: true };
    hasher.assertAvailable(ticket);
    const verdict = await throttle.countDeviceAttempt(key, now);
    if (!verdict.admitted) {
      gate.deviceSpent(key, verdict.spentForMs, now);
      return null;
    }
    return {
      ticket,
      failed: async () => {
        const now = clock();
        const admission = deviceAdmissionOf(await throttle.deviceFailed(key, now), now);
        if (!admission.admitted) gate.deviceSpent(key, admission.spentForMs, now);
      },
      succeeded: () => throttle.deviceSucceeded(key, clock()),
      withdraw: () => throttle.deviceWithdraw(key),
    };
  }

  /**
   * Admits an attempt without a known device. The gate answers first from memory; the database then decides with
   * the counts of every instance. When it finds the address over its limit before this process knew, the gate is
   * asked again: the attempt may be the address's next one over the limit. A refusal for the attempts in flight
   * is not remembered: any of them may end the next moment.
   */
  async #admitStranger(keys: LoginKeys, address: string): Promise<void> {
    const { throttle, gate, hasher, clock } = this.#deps;
    for (let asked = 0; ; asked++) {
      const now = clock();
      const verdict = gate.check(keys, now);
      if (!verdict.pass) throw tooManyAttempts(verdict.retryAfterMs);
      if (asked === 0) hasher.assertAvailable({ client: address });
      const { waiveAddress, knownPair } = verdict;
      const attempt = await throttle.countAttempt(keys, now, { waiveAddress, knownPair });
      if (attempt.admitted) return;
      gate.refused(keys, attempt.waits, now);
      if (verdict.waiveAddress || asked > 0 || attempt.waits.address === 0) {
        throw tooManyAttempts(attempt.retryAfterMs);
      }
    }
  }
}
