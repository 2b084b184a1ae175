/** Business constants of docs/product.md §9 that both sides need. */
export const SESSION_WARNING_BEFORE_MS = 2 * 60 * 1000;
export const TIME_LEFT_REFRESH_MS = 1000;
export const TOAST_DEFAULT_DELAY_MS = 5000;
export const SIDEBAR_MIN_WIDTH = '16rem';
export const DEFAULT_SESSION_TTL_SECONDS = 60 * 60;
/**
 * A session in use is renewed before its token runs out, up to this many hours from its login; the
 * administrator may set from `min` to `max`. A week keeps a workshop display running between Monday logins.
 */
export const SESSION_MAX_HOURS = { default: 7 * 24, min: 1, max: 30 * 24 } as const;
/** A page in use renews its session this long before the token runs out, ahead of the idle popup. */
export const SESSION_RENEW_BEFORE_MS = SESSION_WARNING_BEFORE_MS + 30 * 1000;
/** The webcam's token goes in a URL, so it lives minutes, not the session's hour; the page renews it. */
export const VIDEO_TOKEN_TTL_SECONDS = 10 * 60;
/**
 * The oldest gateway this portal fully supports (docs/design.md §5c): an older one is shown as outdated on its
 * controller's page, with the commands that install this version. Raised with every gateway release the portal needs.
 */
export const MINIMUM_GATEWAY_VERSION = '0.1.0';

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';
/**
 * Two-factor sign-in (docs/design.md §10): six-digit codes of 30 s (RFC 6238's defaults, which every
 * authenticator app reads), ten recovery codes, and a second step that must follow the password within minutes.
 */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  recoveryCodes: 10,
  challengeSeconds: 5 * 60,
  challengeMax: 2048,
  /** A code or a recovery code as typed (with spaces and dashes). */
  codeMax: 64,
} as const;
