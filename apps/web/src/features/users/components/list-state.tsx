import { Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The row a small list shows instead of its items: loading, failed, or empty. */
export function ListState({
  columns,
  items,
  isError,
}: {
  columns: number;
  items: unknown[] | undefined;
  isError: boolean;
}) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <tr>
        <td colSpan={columns} className="text-danger">
          {t('table.loadError')}
        </td>
      </tr>
    );
  }
  if (!items) {
    return (
      <tr>
        <td colSpan={columns}>
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} />
          </Placeholder>
          <span className="visually-hidden">{t('common.loading')}</span>
        </td>
      </tr>
    );
  }
  if (items.length === 0) {
    return (
      <tr>
        <td colSpan={columns} className="text-body-secondary">
          {t('table.empty')}
        </td>
      </tr>
    );
  }
  return null;
}
