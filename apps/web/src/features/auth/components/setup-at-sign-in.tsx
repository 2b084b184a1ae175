import type { TwoFactorSetup } from '@portal/contract';
import { useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Session } from '../../../lib/session-store';
import { useCompleteSignIn, useSetupAtSignIn } from '../api/login';
import { RecoveryCodesPanel, TotpSetupPanel } from './two-factor-setup';

/**
 * The set-up an administrator's requirement asks for at sign-in (docs/design.md §10): the secret, its first
 * code, then the recovery codes; the session is kept until they are saved, since storing it leaves the page.
 */
export default function SetupAtSignIn({
  challenge,
  replacing = false,
  onSignedIn,
  onBack,
}: {
  challenge: string;
  /** In the session popup: the new session ends the one it replaces, as a sign-in there does. */
  replacing?: boolean;
  onSignedIn: (session: Session) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const start = useSetupAtSignIn();
  const complete = useCompleteSignIn({ replacing, codeAtField: true });
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [done, setDone] = useState<{ session: Session; recoveryCodes: string[] }>();
  const { mutate } = start;
  useEffect(() => {
    mutate(challenge, { onSuccess: setSetup, onError: onBack });
  }, [challenge, mutate, onBack]);

  if (done) return <RecoveryCodesPanel codes={done.recoveryCodes} onDone={() => onSignedIn(done.session)} />;
  return (
    <>
      <h2 className="h5">{t('login.twoFactor.setupTitle')}</h2>
      <Alert variant="info">{t('login.twoFactor.setupRequired')}</Alert>
      {!setup && <Spinner animation="border" role="status" />}
      {setup && (
        <TotpSetupPanel
          setup={setup}
          busy={complete.isPending}
          onConfirm={(code, refused) =>
            complete.mutate(
              { challenge, code },
              {
                onSuccess: ({ session, recoveryCodes }) =>
                  recoveryCodes ? setDone({ session, recoveryCodes }) : onSignedIn(session),
                onError: (error) => {
                  if ((error as { status?: number }).status === 401) onBack();
                  else refused(error);
                },
              },
            )
          }
        />
      )}
      <Button variant="link" className="px-0" onClick={onBack}>
        {t('login.twoFactor.back')}
      </Button>
    </>
  );
}
