import type { TwoFactorChallenge } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';
import { TextField } from '../../../components/ui/text-field';
import { fieldProps } from '../../../lib/field-props';
import type { Session } from '../../../lib/session-store';
import { useCompleteSignIn } from '../api/login';
import { wrongCodeAtField } from '../lib/wrong-code';

// The set-up screen (and the QR library it loads) comes only to a user asked to set up.
const SetupAtSignIn = lazy(() => import('./setup-at-sign-in'));

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The session popup's step ends the session it replaces. */
  replacing?: boolean;
  onSignedIn: (session: Session) => void;
  onBack: () => void;
}

/** The second step of a sign-in: a code of the app or a recovery code, or the set-up a role requires. */
export function TwoFactorStep({ challenge, replacing = false, onSignedIn, onBack }: TwoFactorStepProps) {
  if (challenge.two_factor === 'setup') {
    return (
      <Suspense fallback={<Spinner animation="border" role="status" />}>
        <SetupAtSignIn
          challenge={challenge.challenge}
          replacing={replacing}
          onSignedIn={onSignedIn}
          onBack={onBack}
        />
      </Suspense>
    );
  }
  return (
    <CodeForm challenge={challenge.challenge} replacing={replacing} onSignedIn={onSignedIn} onBack={onBack} />
  );
}

function CodeForm({
  challenge,
  replacing,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  replacing: boolean;
  onSignedIn: (session: Session) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const complete = useCompleteSignIn({ replacing, codeAtField: true });
  const [done, setDone] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) =>
    complete.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: ({ session }) => {
          setDone(true);
          onSignedIn(session);
        },
        onError: (error) => {
          // An expired challenge: the password is asked again.
          if ((error as { status?: number }).status === 401) onBack();
          else {
            form.setValue('code', '');
            // A wrong code is said at the field, where the next one is typed.
            wrongCodeAtField(form, error);
          }
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <h2 className="h5">{t('login.twoFactor.title')}</h2>
      <TextField
        id="two-factor-code"
        label={t('login.twoFactor.code')}
        autoComplete="one-time-code"
        required
        {...fieldProps(form, 'code', {
          validate: (value) => value.trim() !== '' || t('login.twoFactor.codeRequired'),
        })}
        help={t('login.twoFactor.codeHelp')}
      />
      <div className="d-flex gap-2">
        <BusyButton type="submit" className="flex-grow-1" busy={complete.isPending || done}>
          {t('login.twoFactor.submit')}
        </BusyButton>
        <Button variant="secondary" onClick={onBack} disabled={complete.isPending}>
          {t('login.twoFactor.back')}
        </Button>
      </div>
    </form>
  );
}
