import { type Capability, can } from '@portal/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { paths } from '../../config/paths';
import { afterLoginPath, loginStateFor, readLoginState } from '../../lib/login-state';
import { getSessionEnd, useSession } from '../../lib/session-store';
import { useLanguage } from '../../lib/use-language';

// These guards only steer navigation; the server enforces every permission (docs/design.md §3).

/**
 * Logged-in screens: without a session, go to /login, telling it why the session ended and where to
 * come back to. The one place that leaves a screen when its session ends, whatever ended it.
 */
export function RequireAuth() {
  const session = useSession();
  const lang = useLanguage();
  const location = useLocation();
  if (session) return <Outlet />;
  return <Navigate replace to={paths.login.getHref(lang)} state={loginStateFor(location, getSessionEnd())} />;
}

/** The login page: with a session, go back where the previous one ended, else to /dashboard. */
export function GuestOnly() {
  const session = useSession();
  const lang = useLanguage();
  const { state } = useLocation();
  const navigate = useNavigate();
  const userId = session?.claims.id;
  useEffect(() => {
    if (userId === undefined) return;
    let current = true;
    // Reading the state may load its schema (login-state.ts): the way on is known a moment later.
    void readLoginState(state).then((loginState) => {
      if (current) navigate(afterLoginPath(loginState, userId, lang), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [userId, state, lang, navigate]);
  return session ? <PageSpinner /> : <Outlet />;
}

/** Screens of one capability of the permission table: anyone without it goes to /dashboard. */
export function RequireCapability({ capability }: { capability: Capability }) {
  const session = useSession();
  const lang = useLanguage();
  return session && can(session.claims.role, capability) ? (
    <Outlet />
  ) : (
    <Navigate replace to={paths.dashboard.getHref(lang)} />
  );
}
