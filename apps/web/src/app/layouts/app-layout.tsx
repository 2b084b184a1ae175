import { can } from '@portal/contract';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { MainContent, SkipLink } from '../../components/layouts/main-content';
import { MobileNav } from '../../components/layouts/mobile-nav';
import { Sidebar } from '../../components/layouts/sidebar';
import { TopBar } from '../../components/layouts/top-bar';
import { LanguageSelector } from '../../components/ui/language-selector';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { navItemsFor } from '../../config/navigation';
import { SessionExpiryDialog } from '../../features/auth/components/session-expiry-dialog';
import { SessionRenewal } from '../../features/auth/components/session-renewal';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SiteFooter } from '../../features/operator/components/site-footer';
import { AwaitingDecisionsBanner } from '../../features/service-sessions/components/awaiting-decisions-banner';
import { useUser } from '../../features/users/api/get-user';
import { useSession } from '../../lib/session-store';

/**
 * The application shell of logged-in screens: navigation, top bar, footer and the session popup; for those who
 * decide requests for remote service, the notice of the ones awaiting them (docs/design.md §11).
 */
export function AppLayout() {
  const session = useSession();
  const { data: user } = useUser(session?.claims.id);
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  if (!session) return null;

  const items = navItemsFor(session.claims);
  return (
    <div className="d-flex min-vh-100">
      <SkipLink />
      <Sidebar items={items} collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      <MobileNav items={items} show={menuOpen} onHide={() => setMenuOpen(false)} />
      <div className="d-flex flex-column flex-grow-1 min-w-0">
        <TopBar onOpenMenu={() => setMenuOpen(true)}>
          <ThemeSwitch />
          <LanguageSelector />
          <NotificationBell />
          <UserMenu displayName={user ? `${user.name} ${user.surname}`.trim() : undefined} />
        </TopBar>
        <MainContent className="flex-grow-1 p-3 p-md-4">
          <AwaitingDecisionsBanner enabled={can(session.claims.role, 'decideServiceSession')} />
          <Outlet />
        </MainContent>
        <SiteFooter />
      </div>
      <SessionRenewal />
      <SessionExpiryDialog email={user?.email} />
    </div>
  );
}
