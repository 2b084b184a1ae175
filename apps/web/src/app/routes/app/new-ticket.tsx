import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NewTicketForm } from '../../../features/tickets/components/new-ticket-form';
import { useMachineGroupChoices } from '../../../lib/choices';
import { usePageTitle } from '../../../lib/use-page-title';

/** /tickets/new: the machine choice offers the machine groups the user sees. */
export default function NewTicketRoute() {
  const { t } = useTranslation();
  usePageTitle(t('tickets.new.title'));
  const { data: machines } = useMachineGroupChoices();
  // `?machine=` comes from a machine's page ("open a ticket about this machine"); `?title=` and `?content=` from
  // an overdue maintenance task, which writes the ticket for the user to check and send.
  const [search] = useSearchParams();
  const chosen = Number(search.get('machine'));
  return (
    <>
      <h1 className="h3 mb-4">{t('tickets.new.title')}</h1>
      <NewTicketForm
        machines={machines}
        initialMachine={machines?.some((machine) => machine.id === chosen) ? chosen : undefined}
        initialTitle={search.get('title') ?? ''}
        initialContent={search.get('content') ?? ''}
      />
    </>
  );
}
