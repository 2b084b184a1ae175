import { useTranslation } from 'react-i18next';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';
import { usePageTitle } from '../../../lib/use-page-title';

/** /tickets: the tickets the user sees, open ones first, with the way to a new one. */
export default function TicketsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('tickets.title'));
  return (
    <>
      <h1 className="h3 mb-4">{t('tickets.title')}</h1>
      <TicketsTable />
    </>
  );
}
