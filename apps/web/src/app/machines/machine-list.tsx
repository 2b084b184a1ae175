import { can, type MachineGroup, Role } from '@portal/contract';
import { useState } from 'react';
import { Accordion, Alert, Badge, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/page-spinner';
import { useMachineStatuses } from '../../features/fleet/api/get-machine-statuses';
import { cardStatusOf } from '../../features/fleet/lib/card-rules';
import { type LocationSection, sectionsByLocation } from '../../features/fleet/lib/location-sections';
import { useAllMachineGroups } from '../../features/machine-groups/api/get-all-machine-groups';
import { useVideoToken } from '../../features/machine-panel/hooks/use-video-token';
import { useMaintenanceSummaries } from '../../features/maintenance/api/get-maintenance-fleet';
import { useBusinessChoices } from '../../lib/choices';
import { useSession } from '../../lib/session-store';
import { MachinePreviewCard } from './machine-preview-card';

/**
 * The machine list (docs/product.md §2): the user's machine groups by location in an accordion,
 * the first section open, each with its preview card showing its live status.
 */
export function MachineList() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const groups = useAllMachineGroups();
  // Administrators see every business's machines, so each card names its business.
  const isAdministrator = session?.claims.role === Role.Administrator;
  const businesses = useBusinessChoices({ enabled: isAdministrator }).data;
  // One webcam token, renewed here, for every card's snapshot.
  const videoToken = useVideoToken();
  const { statuses, failedState } = useMachineStatuses();
  // Each machine's maintenance at a glance, for the cards' badges (docs/design.md §12).
  const maintenance = useMaintenanceSummaries();
  // Null until the user opens or closes a section: then the first section is the one open.
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);

  if (groups.isError) return <Alert variant="danger">{t('fleet.loadError')}</Alert>;
  if (!groups.data || !session) return <PageSpinner />;
  if (groups.data.length === 0) return <Alert variant="info">{t('fleet.empty')}</Alert>;

  const showShortcuts = can(session.claims.role, 'machineShortcuts');
  const sections = sectionsByLocation(groups.data, i18n.language);
  const keyOf = (section: LocationSection<MachineGroup>) => `location:${section.location}`;
  const first = sections[0];
  const activeKeys = openKeys ?? (first ? [keyOf(first)] : []);
  // A machine moved to another location is followed there: its new section opens.
  const openLocation = (location: string) => {
    const key = keyOf({ location: location.trim(), groups: [] });
    setOpenKeys((keys) => [...new Set([...(keys ?? activeKeys), key])]);
  };

  return (
    <Accordion
      alwaysOpen
      activeKey={activeKeys}
      onSelect={(keys) => setOpenKeys(Array.isArray(keys) ? keys : keys ? [keys] : [])}
      className="shadow-sm"
    >
      {sections.map((section) => (
        <Accordion.Item key={keyOf(section)} eventKey={keyOf(section)} data-testid="location-section">
          <Accordion.Header>
            <span className="d-flex align-items-center gap-2 flex-grow-1 me-2">
              <i className="bi bi-geo-alt" aria-hidden="true" />
              <span className="fw-medium">{section.location || t('fleet.noLocation')}</span>
              <Badge bg="secondary" pill className="ms-auto fw-normal">
                {t('fleet.sectionCount', { count: section.groups.length })}
              </Badge>
            </span>
          </Accordion.Header>
          <Accordion.Body className="px-2 px-sm-3">
            <Row xs={1} md={2} xl={3} className="g-3">
              {section.groups.map((group) => (
                <Col key={group.id}>
                  <MachinePreviewCard
                    group={group}
                    status={cardStatusOf(group.id, statuses, failedState)}
                    showShortcuts={showShortcuts}
                    business={businesses?.find((business) => business.id === group.business)}
                    videoToken={videoToken}
                    maintenance={maintenance?.get(group.id)}
                    onMoved={openLocation}
                  />
                </Col>
              ))}
            </Row>
          </Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
