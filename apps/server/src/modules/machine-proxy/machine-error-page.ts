import { createHash } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import { type ErrorBody, type ErrorCode, errorBodySchema, LANGUAGES, type Language } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preferredLanguage } from '../../shared/preferred-language.ts';

/** The page's own texts, in each language of the portal. */
const PAGE_TEXTS: Record<Language, { title: string; retry: string; tryAgain: string; reopen: string }> = {
  it: {
    title: 'Pannello della macchina non disponibile',
    retry: 'Riprova',
    tryAgain: 'Riprova tra qualche istante.',
    reopen: 'Ricarica il pannello dal portale.',
  },
  en: {
    title: 'Machine panel unavailable',
    retry: 'Try again',
    tryAgain: 'Try again in a few moments.',
    reopen: 'Reload the panel from the portal.',
  },
};

/**
 * What went wrong, for the failures a machine origin answers to a page: the web app's texts of the same error
 * codes (apps/web/src/locales, `errors.*`), kept equal by machine-error-page.test.ts.
 */
export const ERROR_TEXTS = {
  it: {
    GATEWAY_OFFLINE: 'Il gateway di questa macchina è offline.',
    BOARD_OFFLINE: 'La scheda madre di questa macchina è offline.',
    BOARD_TIMEOUT: 'La scheda madre di questa macchina non ha risposto in tempo.',
    UNAUTHENTICATED: 'La sessione non è più valida. Accedi di nuovo.',
    SESSION_EXPIRED: 'La sessione è scaduta. Accedi di nuovo.',
    SESSION_ENDED: 'La sessione è terminata. Accedi di nuovo.',
    FORBIDDEN: 'Non hai i permessi per questa operazione.',
    NOT_FOUND: 'Elemento non trovato.',
    BAD_REQUEST: 'La richiesta non è valida.',
    LICENSE_EXPIRED: 'La licenza di questa macchina non è valida.',
    SERVICE_SESSION_REQUIRED:
      'Il controllo remoto di questa macchina richiede una sessione di assistenza accettata dalla sua azienda.',
    BUSINESS_SUSPENDED: "La tua azienda è sospesa: contatta l'operatore.",
    TOO_MANY_REQUESTS: 'Troppe richieste. Riprova più tardi.',
    INTERNAL_ERROR: 'Si è verificato un errore interno.',
  },
  en: {
    GATEWAY_OFFLINE: 'The gateway of this machine is offline.',
    BOARD_OFFLINE: 'The board of this machine is offline.',
    BOARD_TIMEOUT: 'The board of this machine did not answer in time.',
    UNAUTHENTICATED: 'Your session is no longer valid. Please log in again.',
    SESSION_EXPIRED: 'Your session has expired. Please log in again.',
    SESSION_ENDED: 'Your session has ended. Please log in again.',
    FORBIDDEN: 'You are not allowed to do this.',
    NOT_FOUND: 'Not found.',
    BAD_REQUEST: 'The request is not valid.',
    LICENSE_EXPIRED: 'The licence of this machine is not valid.',
    SERVICE_SESSION_REQUIRED:
      'Remote control of this machine needs a service session accepted by its business.',
    BUSINESS_SUSPENDED: 'Your business is suspended: please contact the operator.',
    TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
    INTERNAL_ERROR: 'An internal error has occurred.',
  },
} as const satisfies Record<Language, Partial<Record<ErrorCode, string>>>;

type PageCode = keyof (typeof ERROR_TEXTS)['it'];

/** Failures that pass by themselves (the machine comes back, the load drops): the page offers to try again. */
const PASSING: ReadonlySet<PageCode> = new Set([
  'GATEWAY_OFFLINE',
  'BOARD_OFFLINE',
  'BOARD_TIMEOUT',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
]);
/** Failures of the frame's credential: only the portal can hand out a new one. */
const CREDENTIAL: ReadonlySet<PageCode> = new Set(['UNAUTHENTICATED', 'SESSION_EXPIRED', 'SESSION_ENDED']);

const isPageCode = (code: ErrorCode): code is PageCode => code in ERROR_TEXTS.it;

// Light and dark as the portal's Bootstrap theme, following the system's choice (the frame cannot see the portal's).
const STYLE = [
  ':root{color-scheme:light dark;--fg:#212529;--muted:#6c757d;--bg:#fff;--border:#dee2e6;--accent:#0d6efd}',
  '@media (prefers-color-scheme:dark){:root{--fg:#dee2e6;--muted:#adb5bd;--bg:#212529;--border:#495057;--accent:#6ea8fe}}',
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);',
  'color:var(--fg);font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:32rem;margin:1.5rem;padding:1.5rem;border:1px solid var(--border);border-radius:.5rem}',
  'h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:0 0 .5rem}.muted{color:var(--muted)}',
  'a{display:inline-block;margin-top:.75rem;padding:.375rem .75rem;border:1px solid var(--accent);',
  'border-radius:.375rem;color:var(--accent);text-decoration:none}',
].join('');

/** The page's policy: nothing but its own inline style, framed by the portal only. */
export const errorPagePolicy = (portalOrigin: string): string =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
  `base-uri 'none'; form-action 'none'; frame-ancestors ${portalOrigin}`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A small page in the portal's look for an error the machine origin answers to a navigation (the control
 * panel's frame, a new tab): what happened in the page's language, and what to do next, instead of the JSON
 * body API clients get.
 */
export function machineErrorPage(code: ErrorCode, language: Language, retryUrl: string): string {
  const texts = PAGE_TEXTS[language];
  const pageCode: PageCode = isPageCode(code) ? code : 'INTERNAL_ERROR';
  const advice = PASSING.has(pageCode)
    ? `<p class="muted">${texts.tryAgain}</p><a href="${escapeHtml(retryUrl)}">${texts.retry}</a>`
    : CREDENTIAL.has(pageCode)
      ? `<p class="muted">${texts.reopen}</p>`
      : '';
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${texts.title}</title><style>${STYLE}</style></head>` +
    `<body><main role="alert"><h1>${texts.title}</h1><p>${ERROR_TEXTS[language][pageCode]}</p>${advice}</main></body></html>`
  );
}

/** Entry parameters of a frame's first address (machine-proxy.routes.ts), which no retry carries again. */
export const ENTRY_PARAMS = ['ticket', 'lang'] as const;
/** The frame's language on the machine origin, remembered from its entry address. */
export const LANGUAGE_COOKIE = 'machine_lang';

const languageOf = (value: unknown): Language | undefined =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : undefined;

/** A browser opening the address as a page (a frame, a tab), not a script or an image asking for data. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

/** The portal's error body inside an answer, if that is what it is (a board's own answers pass untouched). */
function errorBodyOf(reply: FastifyReply, payload: unknown): ErrorBody | undefined {
  if (reply.statusCode < 400 || typeof payload !== 'string') return undefined;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * On the machine origin, the portal's error answers to a navigation become machineErrorPage: the control
 * panel's frame never shows a raw error body. The language is the frame's entry `lang`, else the one remembered
 * in LANGUAGE_COOKIE, else the browser's.
 */
export const machineErrorPagesPlugin = fp(
  async (app: FastifyInstance, { portalOrigin }: { portalOrigin: string }) => {
    const policy = errorPagePolicy(portalOrigin);
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isNavigation(request)) return payload;
      const body = errorBodyOf(reply, payload);
      if (!body) return payload;
      const url = new URL(request.url, 'http://machine');
      const cookies = fastifyCookie.parse(request.headers.cookie ?? '');
      const language = preferredLanguage(
        languageOf(url.searchParams.get('lang')) ?? languageOf(cookies[LANGUAGE_COOKIE]),
        request.headers['accept-language'],
      );
      for (const name of ENTRY_PARAMS) url.searchParams.delete(name);
      reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', policy)
        .header('cache-control', 'no-store');
      return machineErrorPage(body.code, language, `${url.pathname}${url.search}`);
    });
  },
);
