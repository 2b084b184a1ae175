/** Where the control page reaches its board, in the three parts the Duet connector's settings take. */
export interface BoardAddress {
  /** `http:` or `https:`, with the colon the connector expects. */
  readonly protocol: string;
  /** Host and port. */
  readonly host: string;
  /** The folder the page was served from, with a trailing slash: `/` on a board, `/m/42/` behind a proxy. */
  readonly basePath: string;
}

/**
 * The board is wherever the page came from: its requests go to the page's own folder, so the page works
 * under any prefix a proxy adds (`/proxy/duet/3.6/customer/42/` → `/proxy/duet/3.6/customer/42/rr_connect`).
 */
export function boardAddressOf(pageUrl: string): BoardAddress {
  const folder = new URL('./', pageUrl);
  return { protocol: folder.protocol, host: folder.host, basePath: folder.pathname };
}
