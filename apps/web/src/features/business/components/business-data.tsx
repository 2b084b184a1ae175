import { type Business, formatPostalCode } from '@portal/contract';
import type { ReactNode } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateBusiness } from '../api/update-business';
import { businessDataSchema, businessDataValues } from './business-data-form';
import { BusinessStatusBadge } from './business-status-badge';

const FIELDS = ['name', 'street', 'cap', 'city', 'province', 'country', 'email', 'phone'] as const;
type Field = (typeof FIELDS)[number];

const AUTOCOMPLETE: Record<Field, string> = {
  name: 'organization',
  street: 'street-address',
  cap: 'postal-code',
  city: 'address-level2',
  province: 'address-level1',
  country: 'country-name',
  email: 'email',
  phone: 'tel',
};

/** The data tab of /business/{id}: a form for administrators, the same fields read-only for managers. */
export function BusinessData({ business, editable }: { business: Business; editable: boolean }) {
  return editable ? <BusinessDataForm business={business} /> : <BusinessDataView business={business} />;
}

function BusinessDataView({ business }: { business: Business }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('businesses.fields.id'), business.id],
    [t('businesses.fields.name'), business.name],
    [t('businesses.fields.status'), <BusinessStatusBadge key="status" active={business.active} />],
    [t('businesses.fields.street'), business.street],
    [t('businesses.fields.cap'), formatPostalCode(business.cap)],
    [t('businesses.fields.city'), business.city],
    [t('businesses.fields.province'), business.province],
    [t('businesses.fields.country'), business.country],
    [t('businesses.fields.email'), business.email && <EmailAddress key="email" email={business.email} />],
    [t('businesses.fields.phone'), business.phone],
  ];
  return (
    <Card>
      <Card.Body>
        <dl className="row mb-0">
          {rows.map(([label, value]) => (
            <div key={label} className="col-12 row mx-0 px-0">
              <dt className="col-sm-4">{label}</dt>
              <dd className="col-sm-8 text-break">{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}

function BusinessDataForm({ business }: { business: Business }) {
  const { t } = useTranslation();
  const update = useUpdateBusiness(business.id);
  const form = useSchemaForm(businessDataSchema, {
    values: businessDataValues(business),
  });
  const submit = form.handleSubmit((body) => update.mutate(body));
  const { errors } = form.formState;

  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <Row>
            {FIELDS.map((field) => (
              <Col md={field === 'name' || field === 'street' ? 12 : 6} key={field}>
                <TextField
                  id={`business-${field}`}
                  label={t(`businesses.fields.${field}`)}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={AUTOCOMPLETE[field]}
                  required={field === 'name' || field === 'cap'}
                  registration={form.register(field)}
                  error={errors[field]?.message}
                />
              </Col>
            ))}
          </Row>
          <BusyButton type="submit" busy={update.isPending}>
            {t('common.save')}
          </BusyButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
