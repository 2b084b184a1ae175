import type { User } from '@portal/contract';
import type { ReactNode } from 'react';
import { Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmailAddress } from '../../../components/ui/email-address';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { roleLabel } from './role-label';

/** The read-only profile tab of the user page; `businessName` replaces the business id once known. */
export function UserProfile({ user, businessName }: { user: User; businessName?: string | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();

  const rows: [string, ReactNode][] = [
    [t('user.fields.id'), user.id],
    [t('user.fields.name'), user.name],
    [t('user.fields.surname'), user.surname || '_'],
    [t('user.fields.email'), <EmailAddress key="email" email={user.email} />],
    [t('user.fields.role'), roleLabel(t, user.role)],
    [
      t('user.fields.status'),
      <Badge key="status" bg={user.enabled ? 'success' : 'secondary'}>
        {user.enabled ? t('user.enabled') : t('user.disabled')}
      </Badge>,
    ],
    [t('user.fields.business'), businessName ?? user.business],
    [t('user.fields.createdAt'), formatDateTime(user.createdAt, lang)],
    [
      t('user.fields.lastPasswordChange'),
      user.lastPasswordChange ? formatDateTime(user.lastPasswordChange, lang) : t('user.never'),
    ],
  ];

  return (
    <Card>
      <Card.Body>
        <dl className="row mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="col-12 row mx-0 px-0">
              <dt className="col-sm-4">{label}</dt>
              <dd className="col-sm-8 text-break">{value}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
