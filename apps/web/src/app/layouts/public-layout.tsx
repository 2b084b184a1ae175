import { Outlet } from 'react-router';
import { TopBar } from '../../components/layouts/top-bar';
import { BrandLink } from '../../components/ui/brand-link';
import { LanguageSelector } from '../../components/ui/language-selector';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { SiteFooter } from '../../features/operator/components/site-footer';

/** The frame of the public home and login pages. */
export function PublicLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <TopBar start={<BrandLink />}>
        <ThemeSwitch />
        <LanguageSelector />
      </TopBar>
      <main className="flex-grow-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
