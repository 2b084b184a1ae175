import { DEFAULT_LANGUAGE, isErrorCode, type Language } from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import it from '../locales/it.json';

export const resources = { it: { translation: it }, en: { translation: en } } as const;

/** Initialises the catalogs synchronously: both are bundled, so the first render is already translated. */
export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

/** The translation of an API error code; the catalogs hold one for every code of the contract. */
export function translateErrorCode(code: string): string | undefined {
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : undefined;
}

export { i18n };
