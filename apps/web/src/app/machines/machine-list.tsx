import { can, Role } from '@portal/contract';
import { Alert, Badge, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { paths } from '../../config/paths';
import { FleetToolbar } from '../../features/fleet/components/fleet-toolbar';
import {
  countByState,
  type FleetView,
  filterMachines,
  licenseAlertOf,
  paramsOfView,
  sectionsInOrder,
  sortMachines,
  viewOfParams,
} from '../../features/fleet/lib/fleet-glance';
import { useVideoToken } from '../../features/machine-panel/hooks/use-video-token';
import { useBusinessChoices } from '../../lib/choices';
import { useSession } from '../../lib/session-store';
import { useNow } from '../../lib/timers';
import { useLanguage } from '../../lib/use-language';
import { MachinePreviewCard } from './machine-preview-card';
import { useFleetGlance } from './use-fleet-glance';

/** How often the licence and time-left rules look at the clock again. */
const CLOCK_MS = 60_000;

/**
 * The machine list (docs/product.md §2): every machine at once, by location with every section open; the count
 * of each state as a filter, a search box and an order, all three kept in the address.
 */
export function MachineList() {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  const { machines, isError } = useFleetGlance();
  const [params, setParams] = useSearchParams();
  const view = viewOfParams(params);
  const now = useNow(CLOCK_MS);
  // Administrators see every business's machines, so each card names its business.
  const isAdministrator = session?.claims.role === Role.Administrator;
  const businesses = useBusinessChoices({ enabled: isAdministrator }).data;
  // One webcam token, renewed here, for every card's snapshot.
  const videoToken = useVideoToken();

  if (isError) return <Alert variant="danger">{t('fleet.loadError')}</Alert>;
  if (!machines || !session) return <PageSpinner />;
  if (machines.length === 0) return <Alert variant="info">{t('fleet.empty')}</Alert>;

  // Typing replaces the address; a filter or an order is a step the back button returns from.
  const show = (next: Partial<FleetView>, replace = false) =>
    setParams(paramsOfView({ ...view, ...next }), { replace });
  const showShortcuts = can(session.claims.role, 'machineShortcuts');
  const shown = sortMachines(filterMachines(machines, view, now), view.sort, i18n.language, now);
  const sections = sectionsInOrder(shown, view.sort, i18n.language);

  return (
    <>
      <div className="d-flex justify-content-end mb-2">
        <Link to={paths.machinesWall.getHref(lang, params)} className="btn btn-sm btn-outline-primary">
          <i className="bi bi-display me-1" aria-hidden="true" />
          {t('fleet.glance.wallLink')}
        </Link>
      </div>
      <FleetToolbar
        view={view}
        counts={countByState(machines, now)}
        total={machines.length}
        onState={(state) => show({ state })}
        onSort={(sort) => show({ sort })}
        onQuery={(query) => show({ query }, true)}
      />
      <p className="small text-body-secondary" aria-live="polite" data-testid="fleet-shown">
        {t('fleet.glance.shown', { shown: shown.length, total: machines.length })}
      </p>
      {shown.length === 0 && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          {t('fleet.glance.noMatch')}
          <Button variant="link" className="p-0" onClick={() => show({ state: null, query: '' })}>
            {t('fleet.glance.clear')}
          </Button>
        </Alert>
      )}
      {sections.map((section, index) => (
        <section
          key={section.location}
          className="mb-4"
          aria-labelledby={`fleet-location-${index}`}
          data-testid="location-section"
        >
          <h2 className="h6 d-flex align-items-center gap-2 mb-3" id={`fleet-location-${index}`}>
            <i className="bi bi-geo-alt" aria-hidden="true" />
            <span className="fw-medium">{section.location || t('fleet.noLocation')}</span>
            <Badge bg="secondary" pill className="fw-normal">
              {t('fleet.sectionCount', { count: section.machines.length })}
            </Badge>
          </h2>
          <Row xs={1} md={2} xl={3} className="g-3">
            {section.machines.map((machine) => (
              <Col key={machine.group.id}>
                <MachinePreviewCard
                  group={machine.group}
                  status={machine.status}
                  license={licenseAlertOf(machine.license, now)}
                  showShortcuts={showShortcuts}
                  business={businesses?.find((business) => business.id === machine.group.business)}
                  videoToken={videoToken}
                  maintenance={machine.maintenance}
                  ready={machine.ready}
                />
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </>
  );
}
