import type { ReactNode } from 'react';
import { Card, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useMachineGroups } from '../api/get-machine-groups';

/**
 * The dashboard card of the machines: how many machine groups the user sees, and the way to them;
 * `children` adds what other features know of them (how many are online).
 */
export function MachinesCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // One row is enough: the card needs only the total.
  const { data, isError } = useMachineGroups({ pageSize: 1 });

  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h5 d-flex align-items-center gap-2">
        <i className="bi bi-hdd-rack" aria-hidden="true" />
        {t('hardware.dashboard.title')}
      </Card.Header>
      <Card.Body>
        {data ? (
          <p className="mb-0" data-testid="machine-count">
            <span className="display-6">{data.total}</span>{' '}
            {t('hardware.dashboard.unit', { count: data.total })}
          </p>
        ) : isError ? (
          <p className="text-danger mb-0">{t('table.loadError')}</p>
        ) : (
          <Placeholder as="p" animation="glow" aria-hidden="true">
            <Placeholder xs={4} />
          </Placeholder>
        )}
        {children}
      </Card.Body>
      <Card.Footer>
        <Link to={paths.machines.getHref(lang)}>{t('hardware.dashboard.open')}</Link>
      </Card.Footer>
    </Card>
  );
}
