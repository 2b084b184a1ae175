import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  FLEET_SORTS,
  FLEET_STATES,
  type FleetSort,
  type FleetState,
  type FleetView,
} from '../lib/fleet-glance';

const VARIANTS: Record<FleetState, string> = {
  attention: 'danger',
  printing: 'primary',
  idle: 'success',
  offline: 'secondary',
};

export interface FleetToolbarProps {
  view: FleetView;
  counts: Record<FleetState, number>;
  total: number;
  onState: (state: FleetState | null) => void;
  onSort: (sort: FleetSort) => void;
  onQuery: (query: string) => void;
}

/**
 * The machine list's controls (docs/product.md §2): the count of each state as a button that filters by it
 * (pressed again, or "All", it shows every machine), the search box and the order.
 */
export function FleetToolbar({ view, counts, total, onState, onSort, onQuery }: FleetToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-column gap-3 mb-3">
      <fieldset className="border-0 p-0 m-0">
        <legend className="visually-hidden">{t('fleet.glance.filterLabel')}</legend>
        <div className="d-flex flex-wrap gap-2" data-testid="fleet-counts">
          <Button
            variant={view.state === null ? 'secondary' : 'outline-secondary'}
            size="sm"
            aria-pressed={view.state === null}
            onClick={() => onState(null)}
            data-fleet-state="all"
          >
            {t('fleet.glance.all')}{' '}
            <Badge bg="light" text="dark" pill>
              {total}
            </Badge>
          </Button>
          {FLEET_STATES.map((state) => {
            const pressed = view.state === state;
            return (
              <Button
                key={state}
                variant={pressed ? VARIANTS[state] : `outline-${VARIANTS[state]}`}
                size="sm"
                aria-pressed={pressed}
                onClick={() => onState(pressed ? null : state)}
                data-fleet-state={state}
              >
                {t(`fleet.glance.states.${state}`)}{' '}
                <Badge bg="light" text="dark" pill data-testid="fleet-count">
                  {counts[state]}
                </Badge>
              </Button>
            );
          })}
        </div>
      </fieldset>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="fleet-search" className="flex-grow-1 fleet-search">
          <Form.Label className="small mb-1">{t('fleet.glance.search')}</Form.Label>
          <Form.Control
            type="search"
            value={view.query}
            placeholder={t('fleet.glance.searchPlaceholder')}
            onChange={(event) => onQuery(event.target.value)}
          />
        </Form.Group>
        <Form.Group controlId="fleet-sort">
          <Form.Label className="small mb-1">{t('fleet.glance.sort')}</Form.Label>
          <Form.Select value={view.sort} onChange={(event) => onSort(event.target.value as FleetSort)}>
            {FLEET_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`fleet.glance.sorts.${sort}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
    </div>
  );
}
