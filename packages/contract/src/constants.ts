/** Business constants of specification section 9 that both sides need. */
export const SESSION_WARNING_BEFORE_MS = 2 * 60 * 1000;
export const TIME_LEFT_REFRESH_MS = 1000;
export const TOAST_DEFAULT_DELAY_MS = 5000;
export const SIDEBAR_MIN_WIDTH = '16rem';
export const DEFAULT_SESSION_TTL_SECONDS = 60 * 60;
/** The webcam's token goes in a URL, so it lives minutes, not the session's hour; the page renews it. */
export const VIDEO_TOKEN_TTL_SECONDS = 10 * 60;

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';
