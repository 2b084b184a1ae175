import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './auth.service.ts';

/** The cookie that carries a session's renewal token: only the renewal call ever sees it. */
export const RENEWAL_COOKIE = 'portal_renewal';
export const RENEWAL_PATH = '/api/v1/auth/session';

/**
 * Script cannot read it, other sites' requests never carry it (the machine origins are the same site, so the
 * renewal also asks for the page's session token, which they cannot read), and over HTTPS it is Secure.
 */
export function renewalCookieOptions(publicUrl: string): CookieSerializeOptions {
  return {
    path: RENEWAL_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: new URL(publicUrl).protocol === 'https:',
  };
}

/** The cookie of a known device (docs/design.md §10a): sent with every sign-in call, to nothing else. */
export const DEVICE_COOKIE = 'portal_device';
const SIGN_IN_PATH = '/api/v1/auth';

/** Like the renewal cookie's, for the sign-in calls (the password's and the second step's). */
export function deviceCookieOptions(publicUrl: string): CookieSerializeOptions {
  return { ...renewalCookieOptions(publicUrl), path: SIGN_IN_PATH };
}

/** The options of the cookies a sign-in sets. */
export interface SignInCookies {
  renewal: CookieSerializeOptions;
  device: CookieSerializeOptions;
}

/**
 * The answer of every call that opens or renews a session (the password, the second step, the set-up at sign-in,
 * the renewal): a new renewal token goes into its cookie, never into the body, and so does a sign-in's device
 * token; the recovery codes of a set-up confirmed at sign-in are answered this once.
 */
export function sessionAnswer(
  reply: FastifyReply,
  issued: IssuedSession & { recoveryCodes?: string[] | undefined },
  cookies: SignInCookies,
) {
  if (issued.renewal) {
    reply.setCookie(RENEWAL_COOKIE, issued.renewal.token, {
      ...cookies.renewal,
      expires: issued.renewal.expiresAt,
    });
  }
  if (issued.device) {
    reply.setCookie(DEVICE_COOKIE, issued.device.token, {
      ...cookies.device,
      expires: issued.device.expiresAt,
    });
  }
  return {
    access_token: issued.accessToken,
    video_token: issued.videoToken,
    ...(issued.recoveryCodes && { recoveryCodes: issued.recoveryCodes }),
  };
}
