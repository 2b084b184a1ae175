import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { FieldProps } from '../../../lib/field-props';

export interface UserIdentityFieldsProps {
  /** The inputs' ids are `{idPrefix}-email`, `{idPrefix}-name` and `{idPrefix}-surname`. */
  idPrefix: string;
  email: FieldProps;
  name: FieldProps;
  surname: FieldProps;
  /** 'email' where the browser may fill in one's own address, 'off' where it is someone else's. */
  emailAutoComplete: 'email' | 'off';
  /** Required when creating, though a stored surname may be empty. */
  surnameRequired: boolean;
}

/** A user's email, then name and surname side by side: the create dialog's and the profile's. */
export function UserIdentityFields({
  idPrefix,
  email,
  name,
  surname,
  emailAutoComplete,
  surnameRequired,
}: UserIdentityFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        label={t('user.fields.email')}
        type="email"
        autoComplete={emailAutoComplete}
        required
        {...email}
      />
      <Row xs={1} sm={2}>
        <Col>
          <TextField id={`${idPrefix}-name`} label={t('user.fields.name')} required {...name} />
        </Col>
        <Col>
          <TextField
            id={`${idPrefix}-surname`}
            label={t('user.fields.surname')}
            required={surnameRequired}
            {...surname}
          />
        </Col>
      </Row>
    </>
  );
}
