/** How long a downloaded file's object URL is kept: enough for the browser to have read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Hands `text` to the browser as a file download named `fileName`. */
export function saveText(text: string, fileName: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
