import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { setTheme, useTheme } from '../../lib/theme-store';

/** Light or dark Bootstrap colour mode, remembered in localStorage. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Form.Check
      type="switch"
      id="theme-switch"
      role="switch"
      className="mb-0 text-nowrap"
      checked={theme === 'dark'}
      onChange={(event) => setTheme(event.currentTarget.checked ? 'dark' : 'light')}
      label={
        <>
          <i className={`bi ${theme === 'dark' ? 'bi-moon-stars' : 'bi-sun'}`} aria-hidden="true" />
          <span className="visually-hidden">{t('theme.dark')}</span>
        </>
      }
    />
  );
}
