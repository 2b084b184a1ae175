import { LANGUAGES, type Language } from '@portal/contract';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../config/storage-keys';
import { isLanguage, localizePath } from '../../lib/language';
import { writeStorage } from '../../lib/storage';
import { useLanguage } from '../../lib/use-language';

// Each language is named in itself, so a reader of either can find theirs.
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', it: 'Italiano' };

/** Switching language stores the choice and reloads the same page under the other prefix. */
function switchLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  const { pathname, search, hash } = window.location;
  window.location.assign(`${localizePath(pathname, language)}${search}${hash}`);
}

/**
 * A native select rather than a dropdown menu: the phone's own picker, keyboard use for free, and none of
 * the dropdown's positioning code (Popper, 11 KiB gzip) on the login page.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const current = useLanguage();
  const id = useId();
  return (
    <div className="d-flex align-items-center gap-1">
      <Form.Label htmlFor={id} className="mb-0" title={t('language.label')}>
        {/* The icon gives way on phones, where the top bar has no pixel to spare. */}
        <i className="bi bi-translate d-none d-sm-inline" aria-hidden="true" />
        <span className="visually-hidden">{t('language.label')}</span>
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        className="w-auto"
        value={current}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (isLanguage(language) && language !== current) switchLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
