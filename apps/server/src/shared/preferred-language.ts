import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/contract';

/**
 * The language of something the server writes for a person (a mail, a page): the one the web page sent, else
 * the first of the portal's languages in the browser's Accept-Language (by weight), else Italian, as the web app.
 */
export function preferredLanguage(sent: Language | undefined, acceptLanguage: string | undefined): Language {
  if (sent) return sent;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { base: range.trim().toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => entry.weight > 0 && !Number.isNaN(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const found = ranked.find((entry) => (LANGUAGES as readonly string[]).includes(entry.base));
  return (found?.base as Language | undefined) ?? DEFAULT_LANGUAGE;
}
