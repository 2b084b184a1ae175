/** Requests and answers of Duet Software Framework's REST and WebSocket API (docs/duet-http.md §2). */

/** Hexadecimal digits of a DSF session key (a GUID in "N" format). */
export const DSF_SESSION_KEY_DIGITS = 32;

export interface DsfConnectResponse {
  /** `DSF_SESSION_KEY_DIGITS` hexadecimal characters. */
  sessionKey: string;
}

export interface DsfDirectoryEntry {
  type: 'd' | 'f';
  name: string;
  /** Files only. */
  size?: number;
  date: string;
}

/** Form fields of `POST /machine/file/move`. */
export interface DsfMoveForm {
  from: string;
  to: string;
  force?: 'true' | 'false';
}

/** Text frames of the `/machine` object model WebSocket. */
export const DSF_SOCKET_MESSAGES = {
  /** Client: ready for the next patch. */
  ack: 'OK\n',
  ping: 'PING\n',
  pong: 'PONG\n',
} as const;

/** Path of the object model WebSocket; the session key goes in its query as `DSF_SOCKET_KEY_PARAM`. */
export const DSF_SOCKET_PATH = '/machine';
/** The object model WebSocket's query parameter carrying the session key (a WebSocket sends no `X-Session-Key`). */
export const DSF_SOCKET_KEY_PARAM = 'sessionKey';
