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
import { Card, Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BusyButton } from '../../../components/ui/busy-button';
import { PasswordPairField } from '../../../components/ui/password-pair-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import { showFieldErrors, translatedResolver } from '../../../lib/form-errors';
import { clearSession } from '../../../lib/session-store';
import { useUpdateUser } from '../api/update-user';
import { needsCurrentPassword, profileUpdateBody, repeatDiffers } from '../lib/profile-update';
import { roleLabel } from './role-label';
import { UserIdentityFields } from './user-identity-fields';

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
  currentPassword: z.string(),
});
type ProfileInput = z.input<typeof profileSchema>;

/**
 * The editable profile: email, name, surname, a new password with its repeat and, for administrators and
 * managers of the user's business, role and enabled. As docs/product.md §5 says, a typed repeat
 * that differs shows 'Passwords don't match' and the update is sent all the same. One's own password or email
 * changes only with the current password; after such a change the session is over: success toast, then the
 * login page.
 */
export function UserProfileForm({ user, viewer }: { user: User; viewer: SessionClaims }) {
  const { t } = useTranslation();
  const update = useUpdateUser(['VALIDATION_FAILED', 'EMAIL_TAKEN']);
  // Role and enabled are for whoever manages the user, never for oneself.
  const ownProfile = user.id === viewer.id;
  const managesUser = !ownProfile && canIn(viewer, 'manageUsers', user.business);
  const form = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: translatedResolver(profileSchema, t),
    values: {
      email: user.email,
      name: user.name,
      surname: user.surname,
      password: '',
      passwordRepeat: '',
      currentPassword: '',
      role: user.role,
      enabled: user.enabled,
    },
  });
  const roles = [...new Set<Role>([...assignableRoles(viewer.role), user.role])].sort();

  /**
   * The messages that depend on several fields, beside their fields whenever the form is not sent, with the
   * schema's own: a missing current password, a repeat that differs. True when the current password is missing.
   */
  const showCrossFieldMessages = (values: ProfileInput, focus: boolean): boolean => {
    const currentMissing = ownProfile && needsCurrentPassword(values, user) && values.currentPassword === '';
    if (currentMissing) {
      form.setError('currentPassword', { message: t('validation.required') }, { shouldFocus: focus });
    }
    if (repeatDiffers(values)) {
      form.setError('passwordRepeat', { message: t('users.toasts.passwordsDontMatch') });
    }
    return currentMissing;
  };

  const submit = form.handleSubmit(
    (values) => {
      if (showCrossFieldMessages(values, true)) return;
      const needsCurrent = ownProfile && needsCurrentPassword(values, user);
      // docs/product.md §5: the update is sent all the same; the message stays beside the repeat.
      const repeatMessage = repeatDiffers(values) ? t('users.toasts.passwordsDontMatch') : null;
      update.mutate(
        { id: user.id, body: profileUpdateBody(values, user, managesUser, needsCurrent) },
        {
          onSuccess: () => {
            // The server ends every session of a user whose own password or email changed, this one included.
            if (needsCurrent) clearSession('SESSION_ENDED');
            else if (repeatMessage) form.setError('passwordRepeat', { message: repeatMessage });
          },
          onError: (error) => {
            showFieldErrors(form, error, { EMAIL_TAKEN: 'email' });
            if (repeatMessage) form.setError('passwordRepeat', { message: repeatMessage });
          },
        },
      );
    },
    () => showCrossFieldMessages(form.getValues(), false),
  );

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {t('users.profile.title')}
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submit}>
          <UserIdentityFields
            idPrefix="profile"
            email={fieldProps(form, 'email')}
            name={fieldProps(form, 'name')}
            surname={fieldProps(form, 'surname')}
            emailAutoComplete="email"
            surnameRequired={false}
          />
          <PasswordPairField
            idPrefix="profile"
            password={{ label: t('users.form.newPassword'), ...fieldProps(form, 'password') }}
            confirmation={{ label: t('users.form.passwordRepeat'), ...fieldProps(form, 'passwordRepeat') }}
            help={t('users.form.passwordHelp')}
            inline
          />
          {ownProfile && (
            <Row xs={1} sm={2}>
              <Col>
                <TextField
                  id="profile-current-password"
                  label={t('users.form.currentPassword')}
                  type="password"
                  autoComplete="current-password"
                  help={t('users.form.currentPasswordHelp')}
                  {...fieldProps(form, 'currentPassword')}
                />
              </Col>
            </Row>
          )}
          {managesUser && (
            <Row xs={1} sm={2} className="align-items-center">
              <Col>
                <SelectField
                  id="profile-role"
                  label={t('user.fields.role')}
                  choices={roles.map((role) => ({ id: role, label: roleLabel(t, role) }))}
                  {...fieldProps(form, 'role', { valueAsNumber: true })}
                />
              </Col>
              <Col>
                <Form.Check
                  type="switch"
                  role="switch"
                  id="profile-enabled"
                  label={t('user.enabled')}
                  {...form.register('enabled')}
                />
              </Col>
            </Row>
          )}
          <BusyButton type="submit" busy={update.isPending}>
            {t('common.save')}
          </BusyButton>
        </form>
      </Card.Body>
    </Card>
  );
}
