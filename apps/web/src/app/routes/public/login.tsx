import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SessionEndNotice } from '../../../features/auth/components/session-end-notice';
import { readLoginState } from '../../../lib/login-state';
import type { SessionEndReason } from '../../../lib/session-end-reasons';
import { forgetSessionEnd } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

export default function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  usePageTitle(t('login.title'));
  // Kept once read: the reason leaves the history state at once, so a reload of this page no longer shows
  // it, while the page to return to stays. Reading may load the state's schema (login-state.ts).
  const [reason, setReason] = useState<SessionEndReason>();
  useEffect(() => {
    forgetSessionEnd();
    let current = true;
    void readLoginState(location.state).then(({ reason: shown, ...rest }) => {
      if (!current || !shown) return;
      setReason(shown);
      const { pathname, search, hash } = location;
      navigate({ pathname, search, hash }, { replace: true, state: rest });
    });
    return () => {
      current = false;
    };
  }, [location, navigate]);

  return (
    // Bootstrap's grid and card classes as they are: react-bootstrap's Container, Row, Col and Card would
    // only write these, and cost the login page 2 KiB of script in chunks of their own.
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5 col-xl-4">
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <h1 className="h3 mb-4 text-center">{t('login.title')}</h1>
              {reason && <SessionEndNotice reason={reason} />}
              <LoginForm />
              <p className="mt-3 mb-0 text-center">
                <Link to={paths.passwordRecover.getHref(lang)}>{t('recovery.forgotLink')}</Link>
              </p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
