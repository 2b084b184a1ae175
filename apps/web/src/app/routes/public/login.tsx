import { useEffect, useState } from 'react';
import { Card, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SessionEndNotice } from '../../../features/auth/components/session-end-notice';
import { readLoginState } from '../../../lib/login-state';
import { forgetSessionEnd } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';

export default function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(t('login.title'));
  // Read once: the reason leaves the history state at once, so a reload of this page no longer shows it,
  // while the page to return to stays.
  const [{ reason }] = useState(() => readLoginState(location.state));
  useEffect(() => {
    forgetSessionEnd();
    const { reason: shown, ...rest } = readLoginState(location.state);
    if (!shown) return;
    const { pathname, search, hash } = location;
    navigate({ pathname, search, hash }, { replace: true, state: rest });
  }, [location, navigate]);

  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col sm={10} md={7} lg={5} xl={4}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-4 text-center">{t('login.title')}</h1>
              {reason && <SessionEndNotice reason={reason} />}
              <LoginForm />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
