import { Navigate, useLocation } from 'react-router';
import { paths, type SettingsTab } from '../../config/paths';
import { detectLanguage } from '../../lib/detect-language';
import { localizePath } from '../../lib/language';
import { useLanguage } from '../../lib/use-language';

/** A path without language prefix: the same path under the stored or browser language. */
export function LanguageRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate replace to={`${localizePath(pathname, detectLanguage())}${search}${hash}`} />;
}

/** /roles and /users: the matching tab of /settings. */
export function SettingsTabRedirect({ tab }: { tab: SettingsTab }) {
  const lang = useLanguage();
  return <Navigate replace to={paths.settings.getHref(lang, tab)} />;
}
