import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useDownloadGatewayPackage, useGatewayPackages } from '../api/gateway-packages';
import { gatewayInstallCommands } from '../lib/gateway-setup';

/**
 * The gateway's packages to download, each with the commands that install it on the gateway computer; a note
 * when the portal has none built (deploy/README.md, "Gateway packages").
 */
export function GatewayPackages() {
  const { t } = useTranslation();
  const { data } = useGatewayPackages();
  const download = useDownloadGatewayPackage();
  if (!data) return null;
  if (data.packages.length === 0) {
    return <Alert variant="secondary">{t('hardware.controllers.packages.none')}</Alert>;
  }
  return (
    <div className="mb-3">
      {data.packages.map((item) => (
        <div key={item.file} className="mb-3">
          <p className="mb-1">{t(`hardware.controllers.packages.${item.kind}`)}</p>
          <Button
            variant="outline-secondary"
            size="sm"
            className="mb-2"
            onClick={() => download.mutate(item.file)}
            disabled={download.isPending}
          >
            <i className="bi bi-download me-1" aria-hidden="true" />
            {item.file}
          </Button>
          <Form.Control
            as="textarea"
            readOnly
            aria-label={t('hardware.controllers.packages.commands', { file: item.file })}
            rows={gatewayInstallCommands(item.kind, item.file).length}
            value={gatewayInstallCommands(item.kind, item.file).join('\n')}
            className="font-monospace small command-lines"
          />
        </div>
      ))}
    </div>
  );
}
