import type { TicketListItem } from '@portal/contract';
import { machineGroupLabel } from '../../../lib/choices';

/** "name (location)" of a ticket's machine group, or null once the group is gone ('Macchina non trovata'). */
export function machineLabel(ticket: Pick<TicketListItem, 'machineName' | 'machineLocation'>): string | null {
  if (ticket.machineName === null) return null;
  return machineGroupLabel({ name: ticket.machineName, location: ticket.machineLocation ?? '' });
}
