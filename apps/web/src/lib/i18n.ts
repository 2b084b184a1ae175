import {
  isErrorCode,
  LANGUAGES,
  type Language,
  VALIDATION_CODES,
  type ValidationCode,
} from '@portal/contract';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import type { FieldTranslator } from './error-message';

/**
 * Each catalog is a chunk of its own, downloaded only for the language in use: switching language reloads
 * the page, so a visitor never needs the other one.
 */
const CATALOGS: Record<Language, () => Promise<{ default: typeof en }>> = {
  it: () => import('../locales/it.json'),
  en: () => import('../locales/en.json'),
};
const isLanguage = (language: string): language is Language =>
  (LANGUAGES as readonly string[]).includes(language);

/**
 * Loads the catalog of `language` and initialises i18next with it; main.tsx awaits it, so the first render
 * is already translated. Another language (a link to the other prefix) is loaded when switched to.
 */
export async function initI18n(language: Language): Promise<typeof i18n> {
  await i18n
    .use(
      resourcesToBackend((requested: string) =>
        isLanguage(requested)
          ? CATALOGS[requested]()
          : Promise.reject(new Error(`No catalog for ${requested}`)),
      ),
    )
    .use(initReactI18next)
    .init({
      lng: language,
      // Both catalogs hold every key (a test checks), so a fallback would only download the other catalog.
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      interpolation: { escapeValue: false },
    });
  return i18n;
}

/** The translation of an API error code; the catalogs hold one for every code of the contract. */
export function translateErrorCode(code: string): string | undefined {
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : undefined;
}

const isValidationCode = (code: string): code is ValidationCode =>
  (VALIDATION_CODES as readonly string[]).includes(code);

/** The field labels the catalogs know ('surname', 'cap'…). */
type FieldLabel = keyof typeof en.validation.fields;
const isFieldLabel = (name: string): name is FieldLabel => i18n.exists(`validation.fields.${name}`);

/**
 * Translates the per-field codes of a VALIDATION_FAILED answer. A nested field ('items.0.name') is
 * labelled by its last named segment.
 */
export const translateValidation: FieldTranslator = {
  message: (code) => (isValidationCode(code) ? i18n.t(`validation.${code}`) : undefined),
  label: (field) => {
    const name = field.split('.').findLast((segment) => !/^\d+$/.test(segment)) ?? field;
    return isFieldLabel(name) ? i18n.t(`validation.fields.${name}`) : undefined;
  },
};

export { i18n };
