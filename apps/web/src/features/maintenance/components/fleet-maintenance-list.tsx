import type { MaintenanceFleetItem } from '@portal/contract';
import { useId, useMemo } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CaptionedTable } from '../../../components/ui/captioned-table';
import { paths } from '../../../config/paths';
import type { Choice } from '../../../lib/choices';
import { formatDate } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useMaintenanceFleet } from '../api/get-maintenance-fleet';
import type { MaintenanceFleetFilter } from '../api/maintenance-keys';
import { formatAmount } from '../lib/maintenance-format';
import { criteriaInForce, locationsOf } from '../lib/maintenance-rules';
import { MaintenanceStateBadge } from './maintenance-state-badge';

export interface FleetMaintenanceListProps {
  /** The businesses to filter by, for those who see several (administrators); undefined: no business filter. */
  businesses?: readonly Choice[] | undefined;
}

/** The location select's value of a place ('' is "every place"; a group may have no place, which is a place too). */
const locationValue = (location: string) => `at:${location}`;

/** The filters in the address (`?business=3&location=Laboratorio`), so a link or the back button keeps them. */
function useFleetFilter(): [MaintenanceFleetFilter, (filter: MaintenanceFleetFilter) => void] {
  const [params, setParams] = useSearchParams();
  const business = Number(params.get('business'));
  const filter: MaintenanceFleetFilter = {
    business: Number.isInteger(business) && business > 0 ? business : undefined,
    location: params.get('location') ?? undefined,
  };
  const setFilter = (next: MaintenanceFleetFilter) => {
    const search = new URLSearchParams();
    if (next.business !== undefined) search.set('business', String(next.business));
    if (next.location !== undefined) search.set('location', next.location);
    setParams(search, { replace: true });
  };
  return [filter, setFilter];
}

/** The criterion nearest its interval, as "Giorni: 40 su 30". */
function NearestReading({ item }: { item: MaintenanceFleetItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const reading = criteriaInForce(item.counters, item.intervals).find(
    (candidate) => candidate.criterion === item.nearest,
  );
  if (!reading) return null;
  return (
    <span data-testid="maintenance-nearest" data-criterion={reading.criterion}>
      {t('maintenance.reading', {
        label: t(`maintenance.criteria.${reading.criterion}`),
        counter: formatAmount(reading.counter, reading.criterion, language),
        interval: formatAmount(reading.interval, reading.criterion, language),
      })}
    </span>
  );
}

/**
 * Every task of every machine the user sees, the most urgent first as the API sorts them, filtered by
 * business and location; each row leads to its machine and to the machine's maintenance page.
 */
export function FleetMaintenanceList({ businesses }: FleetMaintenanceListProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const businessId = useId();
  const locationId = useId();
  const [filter, setFilter] = useFleetFilter();
  // The whole list gives the places to choose from (the same query as the machine cards' badges).
  const all = useMaintenanceFleet({});
  const list = useMaintenanceFleet(filter);
  const locations = useMemo(() => locationsOf(all.data ?? [], lang), [all.data, lang]);
  const businessName = (id: number) => businesses?.find((choice) => choice.id === id)?.label ?? `#${id}`;
  const caption = t('maintenance.fleet.caption');
  const items = list.data;

  return (
    <Card>
      <Card.Header>
        <Form
          role="search"
          aria-label={t('maintenance.fleet.filters')}
          onSubmit={(event) => event.preventDefault()}
        >
          <Row className="g-3 align-items-end">
            {businesses && (
              <Col xs={12} md={6} lg={4}>
                <Form.Label htmlFor={businessId}>{t('maintenance.fleet.business')}</Form.Label>
                <Form.Select
                  id={businessId}
                  value={filter.business ?? ''}
                  onChange={(event) =>
                    setFilter({
                      ...filter,
                      business: event.target.value === '' ? undefined : Number(event.target.value),
                    })
                  }
                >
                  <option value="">{t('maintenance.fleet.everyBusiness')}</option>
                  {businesses.map((choice) => (
                    <option key={choice.id} value={choice.id}>
                      {choice.label}
                    </option>
                  ))}
                </Form.Select>
              </Col>
            )}
            <Col xs={12} md={6} lg={4}>
              <Form.Label htmlFor={locationId}>{t('maintenance.fleet.location')}</Form.Label>
              <Form.Select
                id={locationId}
                value={filter.location === undefined ? '' : locationValue(filter.location)}
                onChange={(event) => {
                  const value = event.target.value;
                  setFilter({ ...filter, location: value === '' ? undefined : value.slice('at:'.length) });
                }}
              >
                <option value="">{t('maintenance.fleet.everyLocation')}</option>
                {/* A place chosen from a link may not be among the list's (yet): it stays choosable. */}
                {[
                  ...new Set([...locations, ...(filter.location === undefined ? [] : [filter.location])]),
                ].map((location) => (
                  <option key={location} value={locationValue(location)}>
                    {location || t('maintenance.fleet.noLocation')}
                  </option>
                ))}
              </Form.Select>
            </Col>
          </Row>
        </Form>
      </Card.Header>
      <Card.Body>
        <CaptionedTable
          caption={caption}
          states="block"
          columns={[
            {
              id: 'state',
              header: t('maintenance.fields.state'),
              cell: (item) => <MaintenanceStateBadge state={item.state} />,
            },
            {
              id: 'machine',
              header: t('maintenance.fields.machine'),
              cell: (item) => (
                <Link to={paths.machine.getHref(lang, item.machine)} className="fw-medium">
                  {item.machineName}
                </Link>
              ),
            },
            {
              id: 'location',
              header: t('maintenance.fields.location'),
              cell: (item) => item.location || t('maintenance.fleet.noLocation'),
            },
            ...(businesses
              ? [
                  {
                    id: 'business',
                    header: t('maintenance.fields.business'),
                    cell: (item: MaintenanceFleetItem) => businessName(item.business),
                  },
                ]
              : []),
            { id: 'task', header: t('maintenance.fields.task'), cell: (item) => item.task.name },
            {
              id: 'nearest',
              header: t('maintenance.fields.nearest'),
              cellClassName: 'small',
              cell: (item) => <NearestReading item={item} />,
            },
            {
              id: 'lastDone',
              header: t('maintenance.fields.lastDone'),
              cellClassName: 'small text-nowrap',
              cell: (item) =>
                item.lastDone ? formatDate(item.lastDone.date, lang) : t('maintenance.plan.never'),
            },
          ]}
          rows={items}
          rowKey={(item) => `${item.machine}:${item.task.id}`}
          rowProps={(item) => ({
            'data-testid': 'maintenance-row',
            'data-state': item.state,
            'data-machine': item.machine,
            'data-location': item.location,
            'data-task-id': item.task.id,
          })}
          isError={list.isError}
          empty={
            filter.business === undefined && filter.location === undefined
              ? t('maintenance.fleet.empty')
              : t('maintenance.fleet.emptyFiltered')
          }
          emptyTestId="maintenance-fleet-empty"
          hover
          className="mb-0"
          actions={{
            label: t('maintenance.fields.actions'),
            cell: (item) => (
              <Link
                to={paths.machineMaintenance.getHref(lang, item.machine)}
                className="btn btn-sm btn-outline-secondary text-nowrap"
                aria-label={t('maintenance.fleet.openMachine', {
                  machine: item.machineName,
                  task: item.task.name,
                })}
              >
                <i className="bi bi-wrench-adjustable me-1" aria-hidden="true" />
                {t('maintenance.fleet.open')}
              </Link>
            ),
          }}
        />
      </Card.Body>
    </Card>
  );
}
