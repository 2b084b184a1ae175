import {
  DEFAULT_LANGUAGE,
  isErrorCode,
  type Language,
  VALIDATION_CODES,
  type ValidationCode,
} from '@portal/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import it from '../locales/it.json';
import type { FieldTranslator } from './error-message';

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

const isValidationCode = (code: string): code is ValidationCode =>
  (VALIDATION_CODES as readonly string[]).includes(code);

/** The field labels the catalogs know ('surname', 'cap'…). */
type FieldLabel = keyof typeof en.validation.fields;
const isFieldLabel = (name: string): name is FieldLabel => Object.hasOwn(en.validation.fields, name);

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
