import {
  assignableRoles,
  Role,
  reachOf,
  ruleIssue,
  type SessionClaims,
  userCreateBodySchema,
} from '@portal/contract';
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PasswordPairField } from '../../../components/ui/password-pair-field';
import { SelectField, toId } from '../../../components/ui/select-field';
import { useBusinessChoices } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { showToast } from '../../../lib/toast-store';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateUser } from '../api/create-user';
import { createUserProblem } from '../lib/create-user-checks';
import { roleLabel } from './role-label';
import { UserIdentityFields } from './user-identity-fields';

/** docs/product.md §5: the surname input is required when creating, though a stored surname may be empty. */
const createUserFormSchema = userCreateBodySchema.superRefine((body, ctx) => {
  if (body.surname === '') ctx.addIssue(ruleIssue('required', 'Surname is required', ['surname']));
});

export interface UserCreateDialogProps {
  creator: SessionClaims;
  onHide: () => void;
  /** The business to create the user in, when the list shows one business. */
  business?: number | undefined;
}

/**
 * Creates a user. Administrators pick the business; a manager's is fixed to their own. The role choice
 * offers only roles below the creator's, so non-administrators never see Administrator. The checks of
 * docs/product.md §5 raise their toasts before anything is sent; mount it to open it.
 */
export function UserCreateDialog({ creator, onHide, business }: UserCreateDialogProps) {
  const { t } = useTranslation();
  const picksBusiness = reachOf(creator.role, 'createUsers') === 'all';
  const { data: businesses } = useBusinessChoices();
  const create = useCreateUser();
  const form = useSchemaForm(createUserFormSchema, {
    defaultValues: {
      business: business ?? (picksBusiness ? undefined : creator.business),
      email: '',
      name: '',
      surname: '',
      password: '',
      passwordConfirmation: '',
      role: Role.Customer,
      enabled: true,
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = createUserProblem(form.getValues(), creator.role);
    if (problem) {
      showToast({ type: problem.type, header: t(problem.header), body: t(problem.body) });
      return;
    }
    void form.handleSubmit((body) => create.mutate(body, { onSuccess: onHide }))(event);
  };

  const ownBusiness = businesses?.find((choice) => choice.id === creator.business)?.name;
  return (
    <FormDialog
      title={t('users.create.title')}
      onSubmit={submit}
      onCancel={onHide}
      submitLabel={t('common.create')}
      busy={create.isPending}
    >
      {picksBusiness ? (
        <SelectField
          id="user-create-business"
          label={t('user.fields.business')}
          registration={form.register('business', { setValueAs: toId })}
          choices={(businesses ?? []).map((choice) => ({ id: choice.id, label: choice.name }))}
          emptyLabel={t('users.create.chooseBusiness')}
          emptyChoosable
          required
        />
      ) : (
        <Form.Group className="mb-3" controlId="user-create-business">
          <Form.Label>{t('user.fields.business')}</Form.Label>
          <Form.Control plaintext readOnly value={ownBusiness ?? String(creator.business)} />
        </Form.Group>
      )}
      <UserIdentityFields
        idPrefix="user-create"
        email={fieldProps(form, 'email')}
        name={fieldProps(form, 'name')}
        surname={fieldProps(form, 'surname')}
        emailAutoComplete="off"
        surnameRequired
      />
      <PasswordPairField
        idPrefix="user-create"
        password={{ label: t('users.form.password'), ...fieldProps(form, 'password') }}
        confirmation={{
          label: t('users.form.passwordConfirmation'),
          ...fieldProps(form, 'passwordConfirmation'),
        }}
        help={t('users.form.passwordHelp')}
        required
      />
      <SelectField
        id="user-create-role"
        label={t('user.fields.role')}
        choices={assignableRoles(creator.role).map((role) => ({ id: role, label: roleLabel(t, role) }))}
        required
        {...fieldProps(form, 'role', { valueAsNumber: true })}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="user-create-enabled"
        label={t('user.enabled')}
        {...form.register('enabled')}
      />
    </FormDialog>
  );
}
