/**
 * The web app's texts as a person reads them, from its catalogs (`apps/web/src/locales/`) through i18next as
 * the app formats them (interpolation, plurals), so a test finds a control by what the catalog says rather than
 * by a copy of it.
 */
import i18next from 'i18next';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import it from '../apps/web/src/locales/it.json' with { type: 'json' };

type Language = 'it' | 'en';

/** The dotted keys of a catalog, plural forms (`…_one`, `…_other`) under their common key. */
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K}`
    : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type CatalogKey = Keys<typeof it>;

/** The catalogs' namespaces (the first part of every key). */
export const NAMESPACES = Object.keys(it);

const i18n = i18next.createInstance();
// With the resources at hand and initAsync off, i18next is ready when init returns.
void i18n.init({
  resources: { it: { translation: it }, en: { translation: en } },
  lng: 'it',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

function translate(language: Language, key: CatalogKey, values?: Record<string, unknown>): string {
  const options = { ...values, lng: language };
  if (!i18n.exists(key, options)) throw new Error(`the ${language} catalog has no text ${key}`);
  return i18n.t(key, options);
}

/** The Italian text of `key` (the language of the test browsers), with `values` put in. */
export const t = (key: CatalogKey, values?: Record<string, unknown>): string => translate('it', key, values);

/** The English text of `key`, with `values` put in. */
export const tEn = (key: CatalogKey, values?: Record<string, unknown>): string =>
  translate('en', key, values);
