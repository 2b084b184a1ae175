import { PAGE_SIZE_MAX } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineGroups } from '../../../features/machine-groups/api/get-machine-groups';
import { NewTicketForm } from '../../../features/tickets/components/new-ticket-form';
import { usePageTitle } from '../../../lib/use-page-title';

/** /tickets/new: the machine choice offers the machine groups the user sees (another feature's list). */
export default function NewTicketRoute() {
  const { t } = useTranslation();
  usePageTitle(t('tickets.new.title'));
  const { data } = useMachineGroups({ pageSize: PAGE_SIZE_MAX, sort: 'name' });
  const machines = useMemo(
    () =>
      data?.items.map((group) => ({
        id: group.id,
        label: group.location ? `${group.name} (${group.location})` : group.name,
      })),
    [data],
  );
  return (
    <>
      <h1 className="h3 mb-4">{t('tickets.new.title')}</h1>
      <NewTicketForm machines={machines} />
    </>
  );
}
