/**
 * What a request handler decided, before it is written the way the serving side writes it: RRF's own
 * responses (raw, `Connection: close`) or DSF's web server.
 */
export type ApiResult =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'text'; readonly text: string }
  | {
      readonly kind: 'file';
      /** Name the content type is chosen by. */
      readonly name: string;
      readonly data: Uint8Array;
      readonly gzip: boolean;
      /** rr_download answers are never cached; web files may be. */
      readonly noCache: boolean;
      /** Overrides the type RRF would choose by extension (DSF sends every file as octet-stream). */
      readonly contentType?: string;
    }
  /** An error: RRF writes its HTML rejection page, DSF a plain-text body. */
  | { readonly kind: 'reject'; readonly status: number; readonly reason: string }
  | { readonly kind: 'empty'; readonly status: number };

export const json = (value: unknown): ApiResult => ({ kind: 'json', value });
export const reject = (status: number, reason: string): ApiResult => ({ kind: 'reject', status, reason });

/** Content types RRF sends by extension (anything else is octet-stream). */
export function contentTypeOf(name: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith('.png')) return 'image/png';
  if (lower.endsWith('.ico')) return 'image/x-icon';
  if (lower.endsWith('.js')) return 'application/javascript';
  if (lower.endsWith('.css')) return 'text/css';
  if (lower.endsWith('.htm') || lower.endsWith('.html')) return 'text/html';
  if (lower.endsWith('.zip')) return 'application/zip';
  if (lower.endsWith('.g') || lower.endsWith('.gc') || lower.endsWith('.gcode')) return 'text/plain';
  return 'application/octet-stream';
}
