import type { SdCard } from '../sd/sd-card.ts';
import { type ApiResult, reject } from './api-result.ts';

const WEB_DIR = '0:/www';
const INDEX = 'index.html';
/** The index name of older web interfaces, tried when index.html is missing. */
const OLD_INDEX = 'reprap.htm';
const NOT_FOUND_PAGE = '404.html';

/**
 * Any path that is not an API call is a file of `0:/www` (docs/duet-http.md §1.1): a `.gz` variant is
 * preferred and sent gzip-encoded, a missing name without a dot falls back to index.html, a missing HTML page
 * to 404.html, anything else is a 404.
 */
export function serveWebFile(sd: SdCard, requestPath: string): ApiResult {
  let name = requestPath.replace(/^\/+/, '') || INDEX;
  for (;;) {
    if (!name.toLowerCase().endsWith('.gz')) {
      const zipped = sd.read(`${WEB_DIR}/${name}.gz`);
      if (zipped) return { kind: 'file', name, data: zipped, gzip: true, noCache: false };
    }
    const plain = sd.read(`${WEB_DIR}/${name}`);
    if (plain) return { kind: 'file', name, data: plain, gzip: false, noCache: false };
    if (name.toLowerCase() === INDEX) name = OLD_INDEX;
    else if (!name.includes('.')) name = INDEX;
    else break;
  }
  if (/\.html?$/i.test(name)) {
    const page = sd.read(`${WEB_DIR}/${NOT_FOUND_PAGE}`);
    if (page) return { kind: 'file', name: NOT_FOUND_PAGE, data: page, gzip: false, noCache: false };
  }
  return reject(
    404,
    `page not found<br>Check that the SD card is mounted and has the correct files in folder ${WEB_DIR}`,
  );
}
