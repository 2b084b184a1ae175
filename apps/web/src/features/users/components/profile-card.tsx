import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useUser } from '../api/get-user';
import { roleLabel } from './role-label';

/** The dashboard card of the signed-in user's own profile. */
export function ProfileCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: user } = useUser(userId);

  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h5 d-flex align-items-center gap-2">
        <i className="bi bi-person-badge" aria-hidden="true" />
        {t('dashboard.profile.title')}
      </Card.Header>
      <Card.Body>
        {user ? (
          <dl className="row mb-0">
            <dt className="col-5">{t('user.fields.name')}</dt>
            <dd className="col-7">{user.name}</dd>
            <dt className="col-5">{t('user.fields.surname')}</dt>
            <dd className="col-7">{user.surname || '_'}</dd>
            <dt className="col-5">{t('user.fields.email')}</dt>
            <dd className="col-7 text-break">{user.email}</dd>
            <dt className="col-5">{t('user.fields.role')}</dt>
            <dd className="col-7 mb-0">{roleLabel(t, user.role)}</dd>
          </dl>
        ) : (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={8} /> <Placeholder xs={6} /> <Placeholder xs={10} /> <Placeholder xs={5} />
          </Placeholder>
        )}
      </Card.Body>
      <Card.Footer>
        <Link to={paths.user.getHref(lang, userId)}>{t('dashboard.profile.open')}</Link>
      </Card.Footer>
    </Card>
  );
}
