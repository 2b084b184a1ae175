import { Card, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

export default function LoginRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  usePageTitle(t('login.title'));
  return (
    <Container className="py-5">
      <Row className="justify-content-center">
        <Col sm={10} md={7} lg={5} xl={4}>
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3 mb-4 text-center">{t('login.title')}</h1>
              <LoginForm onSuccess={() => navigate(paths.dashboard.getHref(lang), { replace: true })} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  );
}
