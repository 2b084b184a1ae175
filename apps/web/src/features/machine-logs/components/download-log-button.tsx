import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** How long the downloaded file's object URL is kept: enough for the browser to have read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands `text` to the browser as a file download named `fileName`. */
function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** 'Download CSV': disabled until the file has loaded (specification section 2); saves it as the board sent it. */
export function DownloadLogButton({ text, fileName }: { text: string | undefined; fileName: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outline-primary"
      size="sm"
      disabled={text === undefined}
      onClick={() => text !== undefined && saveText(text, fileName)}
    >
      <i className="bi bi-download me-1" aria-hidden="true" />
      {t('machineLogs.download')}
    </Button>
  );
}
