import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A business's state (docs/product.md §4): active ('Attiva') or suspended ('Sospesa'). */
export function BusinessStatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge bg={active ? 'success' : 'secondary'}>
      {active ? t('businesses.status.active') : t('businesses.status.suspended')}
    </Badge>
  );
}
