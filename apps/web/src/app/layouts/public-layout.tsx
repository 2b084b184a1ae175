import { Outlet } from 'react-router';
import { MainContent, SkipLink } from '../../components/layouts/main-content';
import { TopBar } from '../../components/layouts/top-bar';
import { BrandLink } from '../../components/ui/brand-link';
import { LanguageSelector } from '../../components/ui/language-selector';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import { SiteFooter } from '../../features/operator/components/site-footer';

/** The frame of the public home and login pages. */
export function PublicLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <SkipLink />
      <TopBar start={<BrandLink />}>
        <ThemeSwitch />
        <LanguageSelector />
      </TopBar>
      <MainContent className="flex-grow-1">
        <Outlet />
      </MainContent>
      <SiteFooter />
    </div>
  );
}
