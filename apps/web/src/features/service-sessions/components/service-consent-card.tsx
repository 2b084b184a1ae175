import { Card, Form, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSaveServiceConsent, useServiceConsent } from '../api/service-consent';

export interface ServiceConsentCardProps {
  business: number;
  /** The business's managers switch it; others read it. */
  editable: boolean;
}

/**
 * Whether the business requires consent for remote control by the operator's staff (docs/design.md §11): a switch
 * for its managers, the state in words for anyone else who sees the business. A manager's account the operator's
 * staff set up sees the switch disabled, and why, until its owner sets a password through recovery.
 */
export function ServiceConsentCard({ business, editable }: ServiceConsentCardProps) {
  const { t } = useTranslation();
  const { data, isError } = useServiceConsent(business);
  const save = useSaveServiceConsent(business);
  return (
    <Card
      as="section"
      aria-labelledby="service-consent-title"
      className="mt-4"
      style={{ maxWidth: '40rem' }}
      data-testid="service-consent"
    >
      <Card.Header as="h2" id="service-consent-title" className="h5">
        {t('serviceSessions.consent.title')}
      </Card.Header>
      <Card.Body>
        {isError ? (
          <p className="text-danger mb-0">{t('table.loadError')}</p>
        ) : editable ? (
          <>
            <Form.Check
              type="switch"
              role="switch"
              id="service-consent-required"
              label={t('serviceSessions.consent.required')}
              checked={data?.required ?? false}
              disabled={!data || data.ownerUnconfirmed || save.isPending}
              aria-describedby={data?.ownerUnconfirmed ? 'service-consent-locked' : undefined}
              onChange={(event) => save.mutate({ required: event.currentTarget.checked })}
            />
            {data?.ownerUnconfirmed && (
              <p
                id="service-consent-locked"
                className="text-warning-emphasis small mb-0 mt-2"
                data-testid="service-consent-locked"
              >
                <i className="bi bi-person-lock me-2" aria-hidden="true" />
                {t('serviceSessions.consent.ownerUnconfirmed')}
              </p>
            )}
          </>
        ) : !data ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
        ) : (
          <p className="mb-0" data-testid="service-consent-state" data-required={data.required}>
            <i
              className={`bi ${data.required ? 'bi-shield-lock text-success' : 'bi-unlock text-body-secondary'} me-2`}
              aria-hidden="true"
            />
            {t(data.required ? 'serviceSessions.consent.on' : 'serviceSessions.consent.off')}
          </p>
        )}
        <p className="text-body-secondary small mb-0 mt-2">{t('serviceSessions.consent.text')}</p>
      </Card.Body>
    </Card>
  );
}
