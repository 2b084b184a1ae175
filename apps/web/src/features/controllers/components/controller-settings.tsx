import type { ComputerController } from '@portal/contract';
import { Card, Col, Placeholder, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLicenseChoices } from '../api/get-license-choices';
import { ControllerForm } from './controller-form';
import { GatewayKeyCard } from './gateway-key-card';
import { GatewayPairingCard } from './gateway-pairing-card';
import { GatewayPresence } from './gateway-presence';

/**
 * The page of one computer controller: its data and licence; for administrators, pairing a gateway with a code and,
 * for locked-down sites, its gateway key.
 */
export function ControllerSettings({
  controller,
  canManageKey,
}: {
  controller: ComputerController;
  canManageKey: boolean;
}) {
  const { t } = useTranslation();
  const { data: licenses, isError } = useLicenseChoices(controller.business);

  return (
    <>
      <h1 className="h3 mb-4">{t('hardware.controllers.page.title', { name: controller.name })}</h1>
      <GatewayPresence gateway={controller.gateway} />
      <Row xs={1} lg={2} className="g-4">
        <Col>
          <Card as="section" aria-labelledby="controller-data-title">
            <Card.Header as="h2" id="controller-data-title" className="h5">
              {t('hardware.controllers.page.data')}
            </Card.Header>
            <Card.Body>
              {licenses || isError ? (
                // Without its licences (a failed load) the form still renames; the choice keeps only "none".
                <ControllerForm controller={controller} licenses={licenses ?? []} />
              ) : (
                <Placeholder as="div" animation="glow" aria-hidden="true">
                  <Placeholder xs={4} /> <Placeholder xs={10} /> <Placeholder xs={8} />
                </Placeholder>
              )}
            </Card.Body>
          </Card>
        </Col>
        {canManageKey && (
          <Col>
            <GatewayPairingCard controller={controller} />
          </Col>
        )}
        {canManageKey && (
          <Col>
            <GatewayKeyCard controller={controller} />
          </Col>
        )}
      </Row>
    </>
  );
}
