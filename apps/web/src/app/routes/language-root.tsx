import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams } from 'react-router';
import { ToastArea } from '../../components/ui/toast-area';
import { paths } from '../../config/paths';
import { SessionWatcher } from '../../features/auth/components/session-watcher';
import { isLanguage } from '../../lib/language';
import { LanguageRedirect } from './redirects';

/**
 * Everything under `/:lang`: a first segment that is no language is a bare path, which gets one.
 * Also hosts what every screen shares: the toast area and the end-of-session handling.
 */
export function LanguageRoot() {
  const { lang } = useParams();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = isLanguage(lang) ? lang : null;

  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);

  const onSignedOut = useCallback(() => {
    // The next user must not see the previous one's cached data.
    queryClient.clear();
    if (language) navigate(paths.login.getHref(language), { replace: true });
  }, [queryClient, navigate, language]);

  if (!language) return <LanguageRedirect />;
  return (
    <>
      <Outlet />
      <SessionWatcher onSignedOut={onSignedOut} />
      <ToastArea />
    </>
  );
}
