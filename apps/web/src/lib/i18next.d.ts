import 'i18next';
import type en from '../locales/en.json';

// Typed keys: a misspelt or missing catalog key fails the type check instead of showing the raw key.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
