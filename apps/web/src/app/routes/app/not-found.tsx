import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

/** Any address the portal does not know: says so, with the way back, instead of silently moving elsewhere. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pathname } = useLocation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="py-5 text-center">
      <p className="display-4 text-body-secondary mb-2" aria-hidden="true">
        404
      </p>
      <h1 className="h3 mb-3">{t('notFound.title')}</h1>
      <p className="text-body-secondary mb-4 text-break">{t('notFound.text', { path: pathname })}</p>
      <Link className="btn btn-primary" to={paths.dashboard.getHref(lang)}>
        {t('notFound.toDashboard')}
      </Link>
    </section>
  );
}
