import { type Language, PASSWORD_RECOVERY_TTL_MS } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { RefusalMemory } from '../../shared/refusal-memory.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { PasswordRecoveryRepository } from './password-recovery.repository.ts';
import { recoveryLink, recoveryMail } from './recovery-mail.ts';
import { mayRecover, recoveryKeys, recoveryWaits } from './recovery-rules.ts';
import { hashRecoveryToken, newRecoveryToken } from './recovery-token.ts';

export interface PasswordRecoveryServiceDeps {
  repository: PasswordRecoveryRepository;
  /** The refusals the counters have decided, answered without asking them again until they end. */
  refusals: RefusalMemory;
  users: Pick<UsersRepository, 'findWithBusinessStateByEmail' | 'findWithBusinessStateById' | 'update'>;
  /** The auth module's hasher, so one hashing limit covers logins and every password change. */
  hashPassword(password: string): Promise<string>;
  /** Ends every session of a user (the auth module's, which also forgets its cached checks). */
  endSessionsOf(userId: number): Promise<void>;
  mailer: Mailer;
  clock: Clock;
  /** The portal's public address, the base of the link in the mail. */
  publicUrl: string;
}

export interface RecoveryRequest {
  email: string;
  language: Language;
  clientAddress: string;
  log: FastifyBaseLogger;
}

function tooManyRequests(waitMs: number): AppError {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many password recovery requests. Try again in ${seconds} seconds.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/** Why a link cannot set a password; all answer INVALID_RECOVERY_TOKEN (400). */
const invalidLink = (why: string) => new AppError('INVALID_RECOVERY_TOKEN', why);

/**
 * Password recovery by mail (docs/product.md §2). A request is answered the same way, at
 * the same speed, whether or not an account has the address: once counted against the limits, the rest
 * (finding the account, storing the link, sending the mail) runs after the answer.
 */
export class PasswordRecoveryService {
  readonly #deps: PasswordRecoveryServiceDeps;
  readonly #pending = new Set<Promise<void>>();

  constructor(deps: PasswordRecoveryServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Counts the request (429 beyond the limits), then sends the link in the background. A key already
   * over its limit is refused from memory: counting more would not move its window's end, and a flood
   * then costs no query.
   */
  async request({ email, language, clientAddress, log }: RecoveryRequest): Promise<void> {
    const { repository, refusals, clock } = this.#deps;
    const now = clock();
    const keys = recoveryKeys(email, clientAddress);
    const known = Math.max(refusals.waitOf(keys.email, now), refusals.waitOf(keys.client, now));
    if (known > 0) throw tooManyRequests(known);
    const waits = recoveryWaits(await repository.countRequest(keys, now), now);
    refusals.refuse(keys.email, waits.email, now);
    refusals.refuse(keys.client, waits.client, now);
    const wait = Math.max(waits.email, waits.client);
    if (wait > 0) throw tooManyRequests(wait);
    const job = this.#sendLink(email, language, now)
      .then((sent) => {
        if (sent?.file) log.info({ file: sent.file }, `password recovery mail written to ${sent.file}`);
        else if (sent) log.info({ messageId: sent.messageId }, 'password recovery mail sent');
      })
      .catch((error: unknown) => log.error({ err: error }, 'password recovery mail not sent'))
      .finally(() => this.#pending.delete(job));
    this.#pending.add(job);
  }

  /**
   * Sets a new password with a link's token: the token must be known, unused, unexpired and for this
   * address, and its account still allowed in. The link is then used up and every session of the user
   * ends, as with any password change.
   */
  async change(body: { email: string; token: string; password: string }): Promise<void> {
    const { repository, users, hashPassword, endSessionsOf, clock } = this.#deps;
    const recovery = await repository.findByTokenHash(hashRecoveryToken(body.token));
    if (!recovery || recovery.email !== body.email.toLowerCase()) {
      throw invalidLink('This password recovery link is not valid');
    }
    if (recovery.usedAt !== null) throw invalidLink('This password recovery link has already been used');
    if (recovery.expiresAt <= clock()) throw invalidLink('This password recovery link has expired');
    const user = await users.findWithBusinessStateById(recovery.userId);
    if (!user || !mayRecover(user)) throw invalidLink('This account cannot recover its password');
    const passwordHash = await hashPassword(body.password);
    // Only one of two requests racing with the same link gets past here.
    if (!(await repository.markUsed(recovery.id, clock()))) {
      throw invalidLink('This password recovery link has already been used');
    }
    // A password set through the account's own mailbox: whatever the operator's staff set before is the owner's now.
    await users.update(user.id, { passwordHash, lastPasswordChange: clock(), staffSetAt: null });
    await endSessionsOf(user.id);
  }

  /** Housekeeping: forgets expired links and the limits' counters whose window is over. */
  async purgeExpired(): Promise<void> {
    await this.#deps.repository.pruneExpired(this.#deps.clock());
  }

  /** Resolves once every mail asked for so far is sent or has failed (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  /** The background half of a request: nothing is sent to an unknown or barred account. */
  async #sendLink(email: string, language: Language, now: Date) {
    const { repository, users, mailer, publicUrl } = this.#deps;
    const user = await users.findWithBusinessStateByEmail(email);
    if (!user || !mayRecover(user)) return undefined;
    const token = newRecoveryToken();
    const expiresAt = new Date(now.getTime() + PASSWORD_RECOVERY_TTL_MS);
    await repository.replaceFor(user.id, hashRecoveryToken(token), now, expiresAt);
    const link = recoveryLink(publicUrl, language, token, user.email);
    return mailer.send(recoveryMail(language, { to: user.email, name: user.name, link }));
  }
}
