import type { Language } from '@portal/contract';
import type { z } from 'zod';
import { paths } from '../config/paths';
import { languageOfPath, localizePath } from './language';
import { loadSchemas } from './load-schemas';
import type { loginStateSchema } from './login-state-schema';
import type { SessionEnd } from './session-store';

/**
 * What the router carries to the login page: the page to return to after logging in, whose session
 * ended there, and why. History state survives a reload, so the login page drops `reason` once shown.
 */
export type LoginState = z.infer<typeof loginStateSchema>;

/**
 * Reads router state as login state; anything else (another page's state, a tampered one) is empty.
 * No state at all, a login page opened directly, is read without loading the schemas.
 */
export async function readLoginState(state: unknown): Promise<LoginState> {
  if (state === null || state === undefined) return {};
  const { loginStateSchema } = await loadSchemas();
  const parsed = loginStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** The login state for leaving `location` without a session: a deliberate logout returns nowhere. */
export function loginStateFor(
  location: { pathname: string; search: string; hash: string },
  end: SessionEnd | null,
): LoginState {
  if (end?.reason === 'LOGGED_OUT') return { reason: end.reason };
  const from = `${location.pathname}${location.search}${location.hash}`;
  return end ? { from, fromUser: end.userId, reason: end.reason } : { from };
}

// Any origin serves: a target is accepted only if resolving it against this one stays on it.
const BASE = 'http://portal.invalid';

/**
 * `target` as a page of this app in `lang`, or null when it is none: an absolute or protocol-relative
 * URL, a path outside the language prefixes, or the login page itself. Never an open redirect.
 */
export function inAppPath(target: string, lang: Language): string | null {
  if (!target.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || languageOfPath(url.pathname) === null) return null;
  const pathname = localizePath(url.pathname, lang);
  if (pathname === paths.login.getHref(lang)) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/**
 * Where a login leads: back to the page the last session ended on, when that session was the same
 * user's (or nobody's: a link opened while logged out), otherwise the dashboard.
 */
export function afterLoginPath(state: LoginState, userId: number, lang: Language): string {
  const sameUser = state.fromUser === undefined || state.fromUser === userId;
  const back = sameUser && state.from !== undefined ? inAppPath(state.from, lang) : null;
  return back ?? paths.dashboard.getHref(lang);
}
