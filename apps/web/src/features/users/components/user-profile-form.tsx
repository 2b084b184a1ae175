import {
  assignableRoles,
  canIn,
  passwordRuleSchema,
  type Role,
  ruleIssue,
  type SessionClaims,
  type User,
  userUpdateBodySchema,
} from '@portal/contract';
import { Button, Card, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '../../../components/ui/text-field';
import { translatedResolver } from '../../../lib/form-errors';
import { clearSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useUpdateUser } from '../api/update-user';
import { profileUpdateBody, repeatDiffers } from '../lib/profile-update';
import { roleLabel } from './role-label';
import { SelectField } from './select-field';

/** An empty password leaves it unchanged; a typed one must follow the password rule. */
const profileSchema = userUpdateBodySchema.extend({
  email: userUpdateBodySchema.shape.email.unwrap(),
  name: userUpdateBodySchema.shape.name.unwrap(),
  surname: userUpdateBodySchema.shape.surname.unwrap(),
  password: z.string().superRefine((password, ctx) => {
    if (password !== '' && !passwordRuleSchema.safeParse(password).success) {
      ctx.addIssue(ruleIssue('passwordRule', 'Password does not follow the password rule'));
    }
  }),
  passwordRepeat: z.string(),
});
type ProfileInput = z.input<typeof profileSchema>;

/**
 * The editable profile: email, name, surname, a new password with its repeat and, for administrators and
 * managers of the user's business, role and enabled. As specification section 5 says, a typed repeat
 * that differs shows 'Passwords don't match' and the update is sent all the same. After changing one's
 * own password the session is over: success toast, then the login page (DESIGN.md section 3).
 */
export function UserProfileForm({ user, viewer }: { user: User; viewer: SessionClaims }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  // Role and enabled are for whoever manages the user, never for oneself.
  const managesUser = user.id !== viewer.id && canIn(viewer, 'manageUsers', user.business);
  const form = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: translatedResolver(profileSchema, t),
    values: {
      email: user.email,
      name: user.name,
      surname: user.surname,
      password: '',
      passwordRepeat: '',
      role: user.role,
      enabled: user.enabled,
    },
  });
  const { errors } = form.formState;
  const roles = [...new Set<Role>([...assignableRoles(viewer.role), user.role])].sort();

  const submit = form.handleSubmit((values) => {
    if (repeatDiffers(values)) {
      showToast({ type: 'warning', body: t('users.toasts.passwordsDontMatch') });
    }
    const ownPasswordChanged = user.id === viewer.id && values.password !== '';
    update.mutate(
      { id: user.id, body: profileUpdateBody(values, user, managesUser) },
      {
        onSuccess: () => {
          // The server ends every session of a user whose password changed, this one included.
          if (ownPasswordChanged) clearSession('SESSION_ENDED');
        },
      },
    );
  });

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.profile.title')}
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit}>
          <TextField
            id="profile-email"
            label={t('user.fields.email')}
            type="email"
            autoComplete="email"
            required
            registration={form.register('email')}
            error={errors.email?.message}
          />
          <div className="row">
            <div className="col-sm-6">
              <TextField
                id="profile-name"
                label={t('user.fields.name')}
                required
                registration={form.register('name')}
                error={errors.name?.message}
              />
            </div>
            <div className="col-sm-6">
              <TextField
                id="profile-surname"
                label={t('user.fields.surname')}
                registration={form.register('surname')}
                error={errors.surname?.message}
              />
            </div>
          </div>
          <div className="row">
            <div className="col-sm-6">
              <TextField
                id="profile-password"
                label={t('users.form.newPassword')}
                type="password"
                autoComplete="new-password"
                help={t('users.form.passwordHelp')}
                registration={form.register('password')}
                error={errors.password?.message}
              />
            </div>
            <div className="col-sm-6">
              <TextField
                id="profile-password-repeat"
                label={t('users.form.passwordRepeat')}
                type="password"
                autoComplete="new-password"
                registration={form.register('passwordRepeat')}
              />
            </div>
          </div>
          {managesUser && (
            <div className="row align-items-center">
              <div className="col-sm-6">
                <SelectField
                  id="profile-role"
                  label={t('user.fields.role')}
                  registration={form.register('role', { valueAsNumber: true })}
                  options={roles.map((role) => ({ value: role, label: roleLabel(t, role) }))}
                  error={errors.role?.message}
                />
              </div>
              <div className="col-sm-6">
                <Form.Check
                  type="switch"
                  role="switch"
                  id="profile-enabled"
                  label={t('user.enabled')}
                  {...form.register('enabled')}
                />
              </div>
            </div>
          )}
          <Button type="submit" disabled={update.isPending}>
            {update.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('common.save')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
