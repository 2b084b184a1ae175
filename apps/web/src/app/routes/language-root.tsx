import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { ToastArea } from '../../components/ui/toast-area';
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
  const queryClient = useQueryClient();
  const language = isLanguage(lang) ? lang : null;

  useEffect(() => {
    if (!language) return;
    document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language, i18n]);

  // The next user must not see the previous one's cached data. Leaving the screen is RequireAuth's part.
  const onSignedOut = useCallback(() => queryClient.clear(), [queryClient]);

  if (!language) return <LanguageRedirect />;
  return (
    <>
      <Outlet />
      <SessionWatcher onSignedOut={onSignedOut} />
      <ToastArea />
    </>
  );
}
