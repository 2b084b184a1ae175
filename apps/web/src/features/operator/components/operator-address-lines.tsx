import { formatPostalCode, type OperatorBusiness } from '@portal/contract';

/** The operator's name, address, mail and phone. */
export function OperatorAddressLines({ operator }: { operator: OperatorBusiness }) {
  return (
    <address className="mb-0">
      <strong>{operator.name}</strong>
      <br />
      {operator.street}, {formatPostalCode(operator.cap)} {operator.city} ({operator.province}),{' '}
      {operator.country}
      <br />
      <i className="bi bi-envelope me-1" aria-hidden="true" />
      <a href={`mailto:${operator.email}`}>{operator.email}</a>
      <span className="mx-2" aria-hidden="true">
        ·
      </span>
      <i className="bi bi-telephone me-1" aria-hidden="true" />
      <a href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>{operator.phone}</a>
    </address>
  );
}
