import { LANGUAGES, type Language } from '@portal/contract';
import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../config/storage-keys';
import { localizePath } from '../../lib/language';
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

export function LanguageSelector() {
  const { t } = useTranslation();
  const current = useLanguage();
  return (
    <Dropdown align="end">
      {/* The name includes the visible code, so "IT" spoken to voice control finds the button too. */}
      <Dropdown.Toggle variant="outline-secondary" size="sm" id="language-selector">
        <i className="bi bi-translate me-1" aria-hidden="true" />
        <span className="visually-hidden">{t('language.label')}: </span>
        {current.toUpperCase()}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LANGUAGES.map((language) => (
          // The `active` prop would add aria-selected, which buttons may not carry: the class shows it.
          <Dropdown.Item
            key={language}
            as="button"
            lang={language}
            className={language === current ? 'active' : undefined}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => {
              if (language !== current) switchLanguage(language);
            }}
          >
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
