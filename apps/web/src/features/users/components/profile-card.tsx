import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailAddress } from '../../../components/ui/email-address';
import { FieldList } from '../../../components/ui/field-list';
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
          <FieldList
            fields={[
              { label: t('user.fields.name'), value: user.name },
              { label: t('user.fields.surname'), value: user.surname || '_' },
              { label: t('user.fields.email'), value: <EmailAddress email={user.email} /> },
              { label: t('user.fields.role'), value: roleLabel(t, user.role) },
            ]}
          />
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
