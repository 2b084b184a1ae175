import { Card, Col, Container, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';

type Point = 'data' | 'fleet' | 'help' | 'emergency';

// The four promises of the public home page (docs/product.md §1).
const POINTS: readonly { key: Point; icon: string }[] = [
  { key: 'data', icon: 'cloud-arrow-down' },
  { key: 'fleet', icon: 'grid-3x3-gap' },
  { key: 'help', icon: 'headset' },
  { key: 'emergency', icon: 'exclamation-octagon' },
];

/** The public home page: what the portal does, the way in, and whom to write to. */
export function Landing({ contactEmail }: { contactEmail: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Container className="py-5">
      <section className="text-center mb-5">
        <h1 className="display-5 fw-bold">{t('home.title')}</h1>
        <p className="lead text-body-secondary mx-auto landing-lead">{t('home.lead')}</p>
        <div className="d-flex flex-wrap justify-content-center gap-3 mt-4">
          <Link to={paths.login.getHref(lang)} className="btn btn-primary btn-lg">
            <i className="bi bi-speedometer2 me-2" aria-hidden="true" />
            {t('home.controlPanel')}
          </Link>
          <a href={`mailto:${contactEmail}`} className="btn btn-outline-secondary btn-lg">
            <i className="bi bi-envelope me-2" aria-hidden="true" />
            {t('home.contact')}
          </a>
        </div>
      </section>
      <Row xs={1} md={2} xl={4} className="g-4">
        {POINTS.map((point) => (
          <Col key={point.key}>
            <Card className="h-100 border-0 bg-body-tertiary">
              <Card.Body>
                <i className={`bi bi-${point.icon} fs-1 text-primary`} aria-hidden="true" />
                <Card.Title as="h2" className="h5 mt-3">
                  {t(`home.points.${point.key}.title`)}
                </Card.Title>
                <Card.Text>{t(`home.points.${point.key}.text`)}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
