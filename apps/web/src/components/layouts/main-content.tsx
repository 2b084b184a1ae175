import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

const MAIN_CONTENT_ID = 'main-content';

// The path last shown in a main region. Module state, not component state: logging in swaps the public
// layout for the app layout, and that change of page must move focus like any other.
let lastPathname: string | undefined;

/** The first focusable element of every layout: jumps past the navigation to the screen's content. */
export function SkipLink() {
  const { t } = useTranslation();
  // Focus is moved by hand: following the fragment would change the URL, and tabbed screens read it.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="skip-link btn btn-primary visually-hidden-focusable"
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/**
 * The main region. After a change of page inside the app (not on the first page loaded) it takes the
 * focus, so keyboard and screen-reader users start at the new content instead of the old link.
 */
export function MainContent({ className, children }: { className?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);

  useEffect(() => {
    const previous = lastPathname;
    lastPathname = pathname;
    if (previous !== undefined && previous !== pathname) main.current?.focus();
  }, [pathname]);

  return (
    <main id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
