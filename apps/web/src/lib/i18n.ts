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
import type { Catalog, CatalogPart, SignedInPart } from '../locales/catalog-parts';
import type en from '../locales/en.json';
import type { FieldTranslator } from './error-message';

/**
 * Each catalog comes in three chunks, downloaded only for the language in use (switching language reloads the
 * page, so a visitor never needs the other one): the public part, which the login page and the other public
 * pages need; the shell's part, which loads with the signed-in shell and is all the fleet screen needs; and
 * the screens' part, which loads with any other signed-in screen. The split is made at build time from
 * locales/{it,en}.json by locales/catalog-parts.ts, which says what goes where.
 */
const CATALOGS: Record<Language, Record<CatalogPart, () => Promise<{ default: Catalog }>>> = {
  it: {
    public: () => import('virtual:catalog/it-public'),
    shell: () => import('virtual:catalog/it-shell'),
    screens: () => import('virtual:catalog/it-screens'),
  },
  en: {
    public: () => import('virtual:catalog/en-public'),
    shell: () => import('virtual:catalog/en-shell'),
    screens: () => import('virtual:catalog/en-screens'),
  },
};
const isLanguage = (language: string): language is Language =>
  (LANGUAGES as readonly string[]).includes(language);

/** The signed-in parts asked for so far: from then on a language loads with them. */
const wantedParts = new Set<SignedInPart>();
/** The signed-in parts in i18next's store, by language. */
const loadedParts = new Set<`${Language}-${SignedInPart}`>();

/** Copies `part` into `bundle`, merging the namespaces both have (the shell's part holds a few subtrees of the screens'). */
function mergeInto(bundle: Catalog, part: Catalog): Catalog {
  for (const [key, value] of Object.entries(part)) {
    const held = bundle[key];
    bundle[key] =
      typeof held === 'object' && held !== null && typeof value === 'object' && value !== null
        ? mergeInto({ ...held }, value as Catalog)
        : value;
  }
  return bundle;
}

/**
 * The parts of `language` needed now, as one new bundle (i18next keeps and extends the object it gets, which
 * must not be a module's export). Which signed-in parts are needed is asked again once the public part is in,
 * in case a signed-in screen was asked for meanwhile.
 */
async function readCatalog(language: Language): Promise<Catalog> {
  const asked = new Map<CatalogPart, Promise<{ default: Catalog }>>();
  const ask = (part: CatalogPart) => {
    const loading = asked.get(part) ?? CATALOGS[language][part]();
    asked.set(part, loading);
    return loading;
  };
  for (const part of wantedParts) ask(part);
  const { default: publicPart } = await ask('public');
  const bundle = mergeInto({}, publicPart);
  for (const part of [...wantedParts]) {
    mergeInto(bundle, (await ask(part)).default);
    loadedParts.add(`${language}-${part}`);
  }
  return bundle;
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
  markInitialised();
  return i18n;
}

/**
 * Settled once initI18n has loaded the language: a part asked for before that (the router is made beside the
 * language's set-up, so the first screen's modules load meanwhile) comes with it, as readCatalog loads the wanted
 * parts with the public one.
 */
let markInitialised: () => void = () => {};
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/**
 * Adds a signed-in part of the catalog to i18next, for the language in use and any other already loaded. The
 * router awaits it beside the chunk of the shell or screen that needs it, so no signed-in screen renders before
 * its texts are there (React re-renders on a change of language, not on added texts). A language loaded
 * afterwards comes with every part asked for so far.
 */
export async function loadCatalogPart(part: SignedInPart): Promise<void> {
  wantedParts.add(part);
  await initialised;
  const languages = LANGUAGES.filter(
    (language) =>
      !loadedParts.has(`${language}-${part}`) &&
      (language === i18n.language || i18n.hasResourceBundle(language, 'translation')),
  );
  await Promise.all(
    languages.map(async (language) => {
      const { default: texts } = await CATALOGS[language][part]();
      i18n.addResourceBundle(language, 'translation', texts, true, true);
      loadedParts.add(`${language}-${part}`);
    }),
  );
}

/** The translation of an API error code; the catalogs hold one for every code of the contract. */
export function translateErrorCode(code: string): string | undefined {
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : undefined;
}

/**
 * The same for a deletion's answer: there a 409 (`CONFLICT`) means that something still uses what was to be
 * deleted, said in those words; `errors.CONFLICT` is true of any conflict, deletions or not.
 */
export function translateDeletionErrorCode(code: string): string | undefined {
  return code === 'CONFLICT' ? i18n.t('errors.conflictOnDelete') : translateErrorCode(code);
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
