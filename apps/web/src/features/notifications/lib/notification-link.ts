import type { Language, NotificationItem } from '@portal/contract';
import { paths } from '../../../config/paths';

/** The page an item opens: its ticket, its machine, or its business's licences tab. */
export function notificationHref(item: NotificationItem, lang: Language): string | null {
  if (item.ticketId !== null) return paths.ticket.getHref(lang, item.ticketId);
  if (item.machineId !== null) return paths.machine.getHref(lang, item.machineId);
  if (item.businessId !== null) return `${paths.business.getHref(lang, item.businessId)}#licenses`;
  return null;
}
