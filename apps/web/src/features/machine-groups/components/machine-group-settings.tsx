import type { MachineGroup, MachineGroupUser } from '@portal/contract';
import type { ReactNode } from 'react';
import { Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../../../lib/choices';
import { AssociatedUsers } from './associated-users';
import { BusinessCard } from './business-card';
import { CompositionCard } from './composition-card';
import { GeneralSettingsCard } from './general-settings-card';
import { MachineTypeIcon } from './machine-type-icon';

/** What the administrators' parts of the page choose among. */
export interface MachineGroupAdminChoices {
  machineTypes: readonly Choice[];
  /** The group's own controller and the unused ones of its business. */
  controllers: readonly Choice[];
  businesses: readonly Choice[];
  /** Refreshes the controllers a composition change or a move to another business changed. */
  onControllersChanged?: () => Promise<unknown>;
}

export interface MachineGroupSettingsProps {
  group: MachineGroup;
  /** Firmware, composition and business edits (docs/product.md §6). */
  isAdministrator: boolean;
  /** Undefined while they load; only administrators need them. */
  adminChoices?: MachineGroupAdminChoices | undefined;
  canRemoveUser: (user: MachineGroupUser) => boolean;
  /** The tickets about the group, from the tickets feature (the route composes it: features stay apart). */
  relatedTickets?: ReactNode;
}

function LoadingCard() {
  return (
    <Placeholder as="div" animation="glow" aria-hidden="true" className="card card-body">
      <Placeholder xs={6} /> <Placeholder xs={10} /> <Placeholder xs={8} />
    </Placeholder>
  );
}

/**
 * The settings of one machine group (/settings/machine-group/{id} and /machines/{id}/settings): general
 * settings for everyone who sees it; firmware, composition and business for administrators; the tickets
 * about it; and the users who have access to it.
 */
export function MachineGroupSettings({
  group,
  isAdministrator,
  adminChoices,
  canRemoveUser,
  relatedTickets,
}: MachineGroupSettingsProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="h3 mb-4 d-flex align-items-center gap-2">
        <MachineTypeIcon machineType={group.machine} />
        {group.name}
      </h1>
      <Row xs={1} lg={2} className="g-4 mb-4">
        <Col>
          <GeneralSettingsCard key={group.id} group={group} showFirmware={isAdministrator} />
        </Col>
        {isAdministrator && (
          <Col className="d-flex flex-column gap-4">
            {adminChoices ? (
              <>
                <CompositionCard
                  group={group}
                  machineTypes={adminChoices.machineTypes}
                  controllers={adminChoices.controllers}
                  {...(adminChoices.onControllersChanged && { onChanged: adminChoices.onControllersChanged })}
                />
                <BusinessCard
                  group={group}
                  businesses={adminChoices.businesses}
                  onMoved={adminChoices.onControllersChanged}
                />
              </>
            ) : (
              <>
                <LoadingCard />
                <span className="visually-hidden">{t('common.loading')}</span>
              </>
            )}
          </Col>
        )}
      </Row>
      {relatedTickets}
      <AssociatedUsers group={group} canRemove={canRemoveUser} />
    </>
  );
}
