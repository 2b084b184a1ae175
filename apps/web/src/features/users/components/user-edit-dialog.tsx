import {
  assignableRoles,
  type Role,
  type SessionClaims,
  type User,
  userUpdateBodySchema,
} from '@portal/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateUser } from '../api/update-user';
import { FormModal } from './form-modal';
import { roleLabel } from './role-label';
import { SelectField } from './select-field';

const editSchema = userUpdateBodySchema.pick({ role: true, enabled: true }).required();

/**
 * Changes a user's role and whether it is enabled (administrators; managers in their own business).
 * The roles offered are those below the editor's, plus the user's current one so the choice shows it.
 */
export function UserEditDialog({
  editor,
  user,
  onHide,
}: {
  editor: SessionClaims;
  user: User;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const form = useSchemaForm(editSchema, {
    defaultValues: { role: user.role, enabled: user.enabled },
  });
  const roles = [...new Set<Role>([...assignableRoles(editor.role), user.role])].sort();

  const submit = form.handleSubmit(({ role, enabled }) =>
    update.mutate(
      // An unchanged role is not sent: the server may refuse to assign it even as is (an equal rank).
      { id: user.id, body: { ...(role !== user.role && { role }), enabled } },
      { onSuccess: onHide },
    ),
  );

  return (
    <FormModal
      show
      title={t('users.edit.title', { email: user.email })}
      onSubmit={submit}
      onCancel={onHide}
      submitLabel={t('common.save')}
      busy={update.isPending}
    >
      <SelectField
        id="user-edit-role"
        label={t('user.fields.role')}
        registration={form.register('role', { valueAsNumber: true })}
        options={roles.map((role) => ({ value: role, label: roleLabel(t, role) }))}
        error={form.formState.errors.role?.message}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="user-edit-enabled"
        label={t('user.enabled')}
        {...form.register('enabled')}
      />
    </FormModal>
  );
}
