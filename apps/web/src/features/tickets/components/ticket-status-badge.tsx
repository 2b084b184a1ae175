import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** 'Aperto' or 'Chiuso' (docs/product.md §2). */
export function TicketStatusBadge({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge bg={isOpen ? 'success' : 'secondary'}>
      {t(isOpen ? 'tickets.status.open' : 'tickets.status.closed')}
    </Badge>
  );
}
