import { can } from '@portal/contract';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NewsCard } from '../../../features/feed/components/news-card';
import { MachinesCard } from '../../../features/machine-groups/components/machines-card';
import { TicketsCard } from '../../../features/tickets/components/tickets-card';
import { ProfileCard } from '../../../features/users/components/profile-card';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { FleetStateSummary } from '../../machines/fleet-state-summary';

export default function DashboardRoute() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('dashboard.title'));
  if (!session) return null;
  return (
    <>
      <h1 className="h3 mb-4">{t('dashboard.title')}</h1>
      <Row xs={1} md={2} xl={3} className="g-4">
        <Col>
          <MachinesCard>
            <FleetStateSummary />
          </MachinesCard>
        </Col>
        <Col>
          <TicketsCard />
        </Col>
        <Col>
          <ProfileCard userId={session.claims.id} />
        </Col>
        <Col>
          {/* Posting news is the administrators' (docs/design.md §3), as is running the portal. */}
          <NewsCard canManage={can(session.claims.role, 'settings')} />
        </Col>
      </Row>
    </>
  );
}
