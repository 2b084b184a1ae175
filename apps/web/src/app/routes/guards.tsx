import { Role } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session-store';
import { useLanguage } from '../../lib/use-language';

// These guards only steer navigation; the server enforces every permission (DESIGN.md section 3).

/** Logged-in screens: without a session, go to /login. */
export function RequireAuth() {
  const session = useSession();
  const lang = useLanguage();
  return session ? <Outlet /> : <Navigate replace to={paths.login.getHref(lang)} />;
}

/** The login page: with a session, go to /dashboard. */
export function GuestOnly() {
  const session = useSession();
  const lang = useLanguage();
  return session ? <Navigate replace to={paths.dashboard.getHref(lang)} /> : <Outlet />;
}

/** Administrator screens: anyone else goes to /dashboard. */
export function RequireAdministrator() {
  const session = useSession();
  const lang = useLanguage();
  return session?.claims.role === Role.Administrator ? (
    <Outlet />
  ) : (
    <Navigate replace to={paths.dashboard.getHref(lang)} />
  );
}
