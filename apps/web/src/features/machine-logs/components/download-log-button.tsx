import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { saveText } from '../../../lib/save-text';

/** 'Download CSV': disabled until the file has loaded (docs/product.md §2); saves it as the board sent it. */
export function DownloadLogButton({ text, fileName }: { text: string | undefined; fileName: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outline-primary"
      size="sm"
      disabled={text === undefined}
      onClick={() => text !== undefined && saveText(text, fileName, 'text/csv;charset=utf-8')}
    >
      <i className="bi bi-download me-1" aria-hidden="true" />
      {t('machineLogs.download')}
    </Button>
  );
}
