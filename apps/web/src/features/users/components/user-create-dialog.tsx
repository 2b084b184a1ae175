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
import { z } from 'zod';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PasswordPairField } from '../../../components/ui/password-pair-field';
import { SelectField, toId } from '../../../components/ui/select-field';
import { useBusinessChoices } from '../../../lib/choices';
import { fieldProps } from '../../../lib/field-props';
import { showFieldErrors } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateUser } from '../api/create-user';
import { createUserProblems } from '../lib/create-user-checks';
import { roleLabel } from './role-label';
import { UserIdentityFields } from './user-identity-fields';

/**
 * The API's payload and the repeated password, which only the form checks (createUserProblems). docs/product.md
 * §5: the surname input is required when creating, though a stored surname may be empty.
 */
const createUserFormSchema = userCreateBodySchema
  .extend({ passwordConfirmation: z.string() })
  .superRefine((body, ctx) => {
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
 * docs/product.md §5 show beside their fields, with every other field's message, before anything is sent;
 * mount it to open it.
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

  // Every field's message at once, beside its field: the form's rules, then the checks of docs/product.md §5.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = await form.trigger();
    const problems = createUserProblems(form.getValues(), creator.role);
    for (const problem of problems) form.setError(problem.field, { message: t(problem.body) });
    const first = problems[0]?.field ?? Object.keys(form.formState.errors)[0];
    if (!valid || problems.length > 0) {
      if (first) form.setFocus(first as Parameters<typeof form.setFocus>[0]);
      return;
    }
    void form.handleSubmit(({ passwordConfirmation: _repeated, ...body }) =>
      create.mutate(body, {
        onSuccess: onHide,
        onError: (error) => showFieldErrors(form, error, { EMAIL_TAKEN: 'email' }),
      }),
    )(event);
  };

  const ownBusiness = businesses?.find((choice) => choice.id === creator.business)?.name;
  return (
    <FormDialog
      title={t('users.create.title')}
      onSubmit={(event) => void submit(event)}
      onCancel={onHide}
      submitLabel={t('common.create')}
      busy={create.isPending}
    >
      {picksBusiness ? (
        <SelectField
          id="user-create-business"
          label={t('user.fields.business')}
          {...fieldProps(form, 'business', { setValueAs: toId })}
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
