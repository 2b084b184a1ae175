import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';

/** The frame of both recovery pages, as the login page's card: a title, a short text, the form, a way back. */
export function RecoveryCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5 col-xl-4">
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <h1 className="h3 mb-3 text-center">{title}</h1>
              <p>{intro}</p>
              {children}
              <p className="mt-3 mb-0 text-center">
                <Link to={paths.login.getHref(lang)}>{t('recovery.backToLogin')}</Link>
              </p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
