import { DEFAULT_OPERATOR_BUSINESS } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINKS } from '../../../config/external-links';
import { whenIdle } from '../../../lib/when-idle';
import { OperatorAddressLines } from './operator-address-lines';

/**
 * The operator's record is fetched through TanStack Query's query machinery and checked with the
 * contract's schema (zod): about 30 KiB gzip that the login page becomes usable without. The address
 * loads once the page is idle, showing the built-in record until then (as it did until the server answered).
 */
const OperatorAddress = lazy(() => whenIdle().then(() => import('./operator-address')));

/** The footer of every screen: the operator's address and vendor resource pages. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-top bg-body-tertiary small mt-auto">
      <div className="container-fluid px-3 py-3 d-flex flex-column flex-md-row gap-3 justify-content-between">
        <Suspense fallback={<OperatorAddressLines operator={DEFAULT_OPERATOR_BUSINESS} />}>
          <OperatorAddress />
        </Suspense>
        <nav aria-label={t('footer.resources')}>
          <div className="fw-semibold mb-1">{t('footer.resources')}</div>
          <ul className="list-unstyled mb-0">
            {EXTERNAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noreferrer">
                  {t(`footer.links.${link.labelKey}`)}
                  <i className="bi bi-box-arrow-up-right ms-1" aria-hidden="true" />
                  <span className="visually-hidden"> ({t('footer.newTab')})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
