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
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast-store';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateUser } from '../api/create-user';
import { useBusinessChoices } from '../api/get-business-choices';
import { createUserProblem } from '../lib/create-user-checks';
import { FormModal } from './form-modal';
import { roleLabel } from './role-label';
import { SelectField } from './select-field';

/** Specification section 5: the surname input is required when creating, though a stored surname may be empty. */
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
 * specification section 5 raise their toasts before anything is sent; mount it to open it.
 */
export function UserCreateDialog({ creator, onHide, business }: UserCreateDialogProps) {
  const { t } = useTranslation();
  const picksBusiness = reachOf(creator.role, 'createUsers') === 'all';
  const { data: businesses } = useBusinessChoices(true);
  const create = useCreateUser();
  const form = useSchemaForm(createUserFormSchema, {
    defaultValues: {
      business: business ?? (picksBusiness ? 0 : creator.business),
      email: '',
      name: '',
      surname: '',
      password: '',
      passwordConfirmation: '',
      role: Role.Customer,
      enabled: true,
    },
  });
  const { errors } = form.formState;

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
    <FormModal
      show
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
          registration={form.register('business', { valueAsNumber: true })}
          placeholder={t('users.create.chooseBusiness')}
          options={(businesses ?? []).map((choice) => ({ value: choice.id, label: choice.name }))}
          required
        />
      ) : (
        <Form.Group className="mb-3" controlId="user-create-business">
          <Form.Label>{t('user.fields.business')}</Form.Label>
          <Form.Control plaintext readOnly value={ownBusiness ?? String(creator.business)} />
        </Form.Group>
      )}
      <TextField
        id="user-create-email"
        label={t('user.fields.email')}
        type="email"
        autoComplete="off"
        required
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <div className="row">
        <div className="col-sm-6">
          <TextField
            id="user-create-name"
            label={t('user.fields.name')}
            required
            registration={form.register('name')}
            error={errors.name?.message}
          />
        </div>
        <div className="col-sm-6">
          <TextField
            id="user-create-surname"
            label={t('user.fields.surname')}
            required
            registration={form.register('surname')}
            error={errors.surname?.message}
          />
        </div>
      </div>
      <TextField
        id="user-create-password"
        label={t('users.form.password')}
        type="password"
        autoComplete="new-password"
        required
        help={t('users.form.passwordHelp')}
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <TextField
        id="user-create-password-confirmation"
        label={t('users.form.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        registration={form.register('passwordConfirmation')}
        error={errors.passwordConfirmation?.message}
      />
      <SelectField
        id="user-create-role"
        label={t('user.fields.role')}
        registration={form.register('role', { valueAsNumber: true })}
        options={assignableRoles(creator.role).map((role) => ({ value: role, label: roleLabel(t, role) }))}
        required
        error={errors.role?.message}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="user-create-enabled"
        label={t('user.enabled')}
        {...form.register('enabled')}
      />
    </FormModal>
  );
}
