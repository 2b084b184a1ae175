import type {
  LoginBody,
  LoginResponse,
  TwoFactorChallenge,
  TwoFactorLoginBody,
  TwoFactorSetup,
} from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSchemas } from '../../../lib/load-schemas';
import { getSession, type Session, toSession } from '../../../lib/session-store';

export interface LoginOptions {
  /** The token of the session this login replaces: the server ends that session once the new one starts. */
  replacing?: string | undefined;
}

/** A login's outcome: the session, or the challenge of the second step (docs/design.md §10). */
export type LoginOutcome = { session: Session } | { challenge: TwoFactorChallenge };

/**
 * The API client, loaded with the first sign-in as the schemas are, so the login page's first load carries
 * neither. The login page calls without a token; the session popup with the one it replaces.
 */
async function callFor(replacing: string | undefined) {
  const { answer, api, bearer, publicApi } = await import('../../../lib/api/client');
  return replacing === undefined
    ? { answer, client: publicApi, token: {} }
    : { answer, client: api, token: { headers: bearer(replacing) } };
}

async function sessionOf(tokens: LoginResponse): Promise<Session> {
  const session = await toSession(tokens);
  if (!session) throw new Error('The session token of the login answer is unreadable');
  return session;
}

/** The login: the login page sends no token; the session popup sends the one it replaces. */
export async function login(body: LoginBody, { replacing }: LoginOptions = {}): Promise<LoginOutcome> {
  // The schemas are loaded already by the form's validation, except for a login sent without the form.
  const [{ loginAnswerSchema }, { answer, client, token }] = await Promise.all([
    loadSchemas(),
    callFor(replacing),
  ]);
  const outcome = await answer(client.POST('/api/v1/auth', { body, ...token }), loginAnswerSchema);
  if ('challenge' in outcome) return { challenge: outcome };
  return { session: await sessionOf(outcome) };
}

/** The second step; a set-up's first code also brings the recovery codes. */
export async function completeSignIn(
  body: TwoFactorLoginBody,
  { replacing }: LoginOptions = {},
): Promise<{ session: Session; recoveryCodes?: string[] | undefined }> {
  const [{ twoFactorLoginResponseSchema }, { answer, client, token }] = await Promise.all([
    loadSchemas(),
    callFor(replacing),
  ]);
  const tokens = await answer(
    client.POST('/api/v1/auth/two-factor', { body, ...token }),
    twoFactorLoginResponseSchema,
  );
  return { session: await sessionOf(tokens), recoveryCodes: tokens.recoveryCodes };
}

/** The secret of a set-up an administrator requires at sign-in. */
export async function startSetupAtSignIn(challenge: string): Promise<TwoFactorSetup> {
  const [{ twoFactorSetupSchema }, { answer, client }] = await Promise.all([
    loadSchemas(),
    callFor(undefined),
  ]);
  return answer(client.POST('/api/v1/auth/two-factor/setup', { body: { challenge } }), twoFactorSetupSchema);
}

/** The login page's mutation; `authRequest` keeps a 401 (wrong password) from logging the user out. */
export function useLogin() {
  return useMutation({ mutationFn: (body: LoginBody) => login(body), meta: { authRequest: true } });
}

/**
 * The second step's mutation, on the login page or (with `replacing`) in the session popup; with `codeAtField` a
 * wrong code is the form's to show beside its field, not a toast's.
 */
export function useCompleteSignIn(options: { replacing?: boolean; codeAtField?: boolean } = {}) {
  return useMutation({
    mutationFn: (body: TwoFactorLoginBody) =>
      completeSignIn(body, options.replacing ? { replacing: getSession()?.token } : {}),
    meta: {
      authRequest: true,
      ...(options.codeAtField && { fieldErrors: ['INVALID_TWO_FACTOR_CODE'] as const }),
    },
  });
}

/** The set-up at sign-in's secret. */
export function useSetupAtSignIn() {
  return useMutation({ mutationFn: startSetupAtSignIn, meta: { authRequest: true } });
}

/** The session popup's mutation: a new login that replaces the current session. */
export function useSessionRefresh() {
  return useMutation({
    mutationFn: (body: LoginBody) => login(body, { replacing: getSession()?.token }),
    meta: { authRequest: true },
  });
}
