import {
  assignableRoles,
  type Role,
  type SessionClaims,
  type User,
  userUpdateBodySchema,
} from '@portal/contract';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { fieldProps } from '../../../lib/field-props';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateUser } from '../api/update-user';
import { roleLabel } from './role-label';

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
    <FormDialog
      title={t('users.edit.title', { email: user.email })}
      onSubmit={submit}
      onCancel={onHide}
      submitLabel={t('common.save')}
      busy={update.isPending}
    >
      <SelectField
        id="user-edit-role"
        label={t('user.fields.role')}
        choices={roles.map((role) => ({ id: role, label: roleLabel(t, role) }))}
        {...fieldProps(form, 'role', { valueAsNumber: true })}
      />
      <Form.Check
        type="switch"
        role="switch"
        id="user-edit-enabled"
        label={t('user.enabled')}
        {...form.register('enabled')}
      />
    </FormDialog>
  );
}
