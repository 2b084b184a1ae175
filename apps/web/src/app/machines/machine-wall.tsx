import { useEffect } from 'react';
import { Alert, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { paths } from '../../config/paths';
import { FullscreenButton } from '../../features/fleet/components/fullscreen-button';
import { WallTile } from '../../features/fleet/components/wall-tile';
import { JOB_TIMER_MS } from '../../features/fleet/lib/card-rules';
import {
  attentionReasons,
  countByState,
  FLEET_STATES,
  filterMachines,
  sortMachines,
  viewOfParams,
} from '../../features/fleet/lib/fleet-glance';
import { BedClear } from '../../features/print-queue/components/bed-clear';
import { holdLiveViewWhileVisible } from '../../lib/session-activity';
import { useNow } from '../../lib/timers';
import { useLanguage } from '../../lib/use-language';
import { useFleetGlance } from './use-fleet-glance';

/**
 * The wall view (docs/product.md §2): every machine as a large tile for a workshop screen, without the navigation,
 * kept live by the same status stream as the machine list. The list's filter, order and search come along in the
 * address. While it is on screen the session is renewed untouched (docs/design.md §4); hidden, it is an idle page.
 */
export function MachineWall() {
  const { t, i18n } = useTranslation();
  const lang = useLanguage();
  const { machines, isError } = useFleetGlance();
  const [params] = useSearchParams();
  const view = viewOfParams(params);
  const now = useNow(JOB_TIMER_MS);
  useEffect(() => holdLiveViewWhileVisible(), []);

  const counts = machines && countByState(machines, now);
  const shown = machines
    ? sortMachines(filterMachines(machines, view, now), view.sort, i18n.language, now)
    : [];
  return (
    <div className="p-3 p-lg-4 min-vh-100">
      <header className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{t('fleet.wall.title')}</h1>
        {counts && (
          <p className="mb-0 fs-5 d-flex flex-wrap gap-3" data-testid="wall-counts">
            {FLEET_STATES.map((state) => (
              <span key={state}>
                {t(`fleet.glance.states.${state}`)}: <strong>{counts[state]}</strong>
              </span>
            ))}
          </p>
        )}
        <FullscreenButton />
        <Link to={paths.machinesView.getHref(lang, params)} className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('fleet.wall.back')}
        </Link>
      </header>
      <main>
        {isError ? (
          <Alert variant="danger">{t('fleet.loadError')}</Alert>
        ) : !machines ? (
          <PageSpinner />
        ) : shown.length === 0 ? (
          <Alert variant="info">{machines.length === 0 ? t('fleet.empty') : t('fleet.glance.noMatch')}</Alert>
        ) : (
          <Row xs={1} md={2} xl={3} xxl={4} className="g-3">
            {shown.map((machine) => (
              <Col key={machine.group.id}>
                <WallTile
                  name={machine.name}
                  location={machine.location}
                  status={machine.status}
                  reasons={attentionReasons(machine, now)}
                  now={now}
                  action={
                    <BedClear
                      machineGroup={machine.group.id}
                      name={machine.name}
                      state={machine.status.state}
                      ready={machine.ready}
                      large
                    />
                  }
                />
              </Col>
            ))}
          </Row>
        )}
      </main>
    </div>
  );
}
