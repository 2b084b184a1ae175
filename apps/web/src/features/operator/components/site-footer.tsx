import { formatPostalCode } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINKS } from '../../../config/external-links';
import { useOperator } from '../api/get-operator';

/** The footer of every screen: the operator's address and vendor resource pages. */
export function SiteFooter() {
  const { t } = useTranslation();
  const operator = useOperator();
  return (
    <footer className="border-top bg-body-tertiary small mt-auto">
      <div className="container-fluid px-3 py-3 d-flex flex-column flex-md-row gap-3 justify-content-between">
        <address className="mb-0">
          <strong>{operator.name}</strong>
          <br />
          {operator.street}, {formatPostalCode(operator.cap)} {operator.city} ({operator.province}),{' '}
          {operator.country}
          <br />
          <i className="bi bi-envelope me-1" aria-hidden="true" />
          <a href={`mailto:${operator.email}`}>{operator.email}</a>
          <span className="mx-2" aria-hidden="true">
            ·
          </span>
          <i className="bi bi-telephone me-1" aria-hidden="true" />
          <a href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>{operator.phone}</a>
        </address>
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
