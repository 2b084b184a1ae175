/** Requests and answers of Duet Software Framework's REST and WebSocket API (docs/duet-http.md §2). */

export interface DsfConnectResponse {
  /** 32 hexadecimal characters (a GUID in "N" format). */
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

/** Path of the object model WebSocket; the session key goes in `?sessionKey=`. */
export const DSF_SOCKET_PATH = '/machine';
