/**
 * The Content-Disposition of a download (a board's file, a library file): `attachment` with the file's own name
 * (its last path segment), as plain ASCII in `filename` for old clients and exactly in RFC 5987's `filename*`.
 */
export function attachmentDisposition(boardPath: string): string {
  const name = boardPath.slice(boardPath.lastIndexOf('/') + 1) || 'download';
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
