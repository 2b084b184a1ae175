import type { SessionClaims } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { expiresAt, warningAt } from '../../../lib/session';
import { storeSession, useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
import { useSessionRefresh } from '../api/login';
import { useLoginForm } from '../hooks/use-login-form';
import { useTimeLeft } from '../hooks/use-time-left';
import { LoginFields } from './login-fields';

/** The countdown of the popup; its own component so only it re-renders every second. */
function Countdown({ claims }: { claims: SessionClaims }) {
  const { t } = useTranslation();
  const timeLeft = useTimeLeft(claims);
  return (
    <p className="fw-semibold">
      {t('session.expiring.timeLeft')}: <span data-testid="session-expiry-time-left">{timeLeft}</span>
    </p>
  );
}

/**
 * Two minutes before the session ends, a normal modal asks for the password and logs in again with it,
 * replacing the session. A wrong password only shows the error toast: the popup stays and the session
 * goes on.
 */
export function SessionExpiryDialog({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const session = useSession();
  const expiry = session ? expiresAt(session.claims) : null;
  // Both remember the expiry they belong to, so a renewed session starts with a closed popup; a renewal
  // that brings no later expiry still closes it.
  const [dueFor, setDueFor] = useState<number | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const show = expiry !== null && dueFor === expiry && closedFor !== expiry;

  useAt(session ? warningAt(session.claims) : null, () => setDueFor(expiry));

  const refresh = useSessionRefresh();
  const form = useLoginForm(email);
  const { setValue, resetField, setFocus } = form;
  useEffect(() => setValue('email', email ?? ''), [email, setValue]);
  useEffect(() => {
    if (!show) resetField('password');
  }, [show, resetField]);

  const close = () => setClosedFor(expiry);
  const submit = form.handleSubmit((values) =>
    refresh.mutate(values, {
      onSuccess: (renewed) => {
        storeSession(renewed);
        close();
      },
    }),
  );

  return (
    <Modal
      show={show}
      onHide={close}
      onEntered={() => setFocus('password')}
      centered
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('session.expiring.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('session.expiring.text')}</p>
          {session && <Countdown claims={session.claims} />}
          <LoginFields form={form} idPrefix="session" emailReadOnly />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {t('session.expiring.ignore')}
          </Button>
          <Button type="submit" disabled={refresh.isPending}>
            {refresh.isPending && (
              <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            {t('session.expiring.submit')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
