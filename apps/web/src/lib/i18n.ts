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
import type { Catalog, CatalogPart } from '../locales/catalog-parts';
import type en from '../locales/en.json';
import type { FieldTranslator } from './error-message';

/**
 * Each catalog comes in two chunks, downloaded only for the language in use (switching language reloads the
 * page, so a visitor never needs the other one): the public part, which the login page and the other public
 * pages need, and the signed-in part, which loads with the signed-in shell. The split is made at build time
 * from locales/{it,en}.json by locales/catalog-parts.ts, which lists the public namespaces.
 */
const CATALOGS: Record<Language, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  it: {
    public: () => import('virtual:catalog/it-public'),
    'signed-in': () => import('virtual:catalog/it-signed-in'),
  },
  en: {
    public: () => import('virtual:catalog/en-public'),
    'signed-in': () => import('virtual:catalog/en-signed-in'),
  },
};
const isLanguage = (language: string): language is Language =>
  (LANGUAGES as readonly string[]).includes(language);

/** Set once the signed-in shell was asked for: from then on a language loads with both parts. */
let signedInWanted = false;
/** The languages whose signed-in part is in i18next's store. */
const signedInLoaded = new Set<Language>();

/**
 * The parts of `language` needed now, as one new bundle (the parts hold distinct namespaces; i18next keeps
 * and extends the object it gets, which must not be a module's export). Whether the signed-in part is
 * needed is asked again once the public part is in, in case the shell was asked for meanwhile.
 */
async function readCatalog(language: Language): Promise<Catalog> {
  const signedIn = signedInWanted ? CATALOGS[language]['signed-in']() : undefined;
  const { default: publicPart } = await CATALOGS[language].public();
  if (!signedInWanted) return { ...publicPart };
  const { default: signedInPart } = await (signedIn ?? CATALOGS[language]['signed-in']());
  signedInLoaded.add(language);
  return { ...publicPart, ...signedInPart };
}

/**
 * Loads the public part of the catalog of `language` and initialises i18next with it; main.tsx awaits it,
 * so the first render is already translated. Another language (a link to the other prefix) is loaded when
 * switched to.
 */
export async function initI18n(language: Language): Promise<typeof i18n> {
  await i18n
    .use(
      resourcesToBackend((requested: string) =>
        isLanguage(requested)
          ? readCatalog(requested)
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

/**
 * Adds the signed-in part of the catalog to i18next, for the language in use and any other already loaded.
 * The router awaits it beside the signed-in shell's own chunk, so no signed-in screen renders before its
 * texts are there (React re-renders on a change of language, not on added texts). A language loaded
 * afterwards comes with both parts.
 */
export async function loadSignedInCatalog(): Promise<void> {
  signedInWanted = true;
  const languages = LANGUAGES.filter(
    (language) =>
      !signedInLoaded.has(language) &&
      (language === i18n.language || i18n.hasResourceBundle(language, 'translation')),
  );
  await Promise.all(
    languages.map(async (language) => {
      const { default: part } = await CATALOGS[language]['signed-in']();
      i18n.addResourceBundle(language, 'translation', part, true, true);
      signedInLoaded.add(language);
    }),
  );
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
