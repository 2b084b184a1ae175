import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language of a browser tag such as 'en-GB', when the portal offers it. */
function languageOfTag(tag: string): Language | null {
  const primary = tag.toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : null;
}

/** The stored choice, else the first browser language the portal offers, else Italian. */
export function preferredLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The language prefix of a path ('/en/login' -> 'en'), or null for a bare path. */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}

/** The same path under another language prefix; a bare path gains one. */
export function localizePath(pathname: string, language: Language): string {
  const rest = languageOfPath(pathname) ? pathname.replace(/^\/[^/]+/, '') : pathname;
  const tail = rest === '/' ? '' : rest;
  return `/${language}${tail}`;
}
