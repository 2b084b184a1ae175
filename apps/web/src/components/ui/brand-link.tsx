import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLanguage } from '../../lib/use-language';

/** The brand, linking to the public home page; `compact` keeps only the mark (collapsed navigation). */
export function BrandLink({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Link
      to={paths.home.getHref(lang)}
      className={`d-inline-flex align-items-center gap-2 text-decoration-none text-body fw-semibold ${className}`}
      aria-label={compact ? t('app.name') : undefined}
    >
      <i className="bi bi-cpu fs-4 text-primary" aria-hidden="true" />
      {!compact && <span>{t('app.name')}</span>}
    </Link>
  );
}
