import { ApiError, sessionAuthorization } from '../../../lib/api-client';
import { toBoardTime } from '../lib/board-date';
import { BoardRefusedError, type BoardTarget, boardCallUrl } from './board-target';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST …/rr_upload?name=…&time=…: the File itself is the body, so the browser streams it from disk with its
 * Content-Length (which a board requires); XMLHttpRequest because only it reports upload progress.
 */
export function uploadFile(
  target: BoardTarget,
  name: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  const url = boardCallUrl(target, 'rr_upload', { name, time: toBoardTime(new Date(file.lastModified)) });
  const authorization = sessionAuthorization();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    if (authorization) request.setRequestHeader('Authorization', authorization);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onload = () => {
      const body = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) return reject(new ApiError(request.status, body));
      const err = typeof body === 'object' && body !== null ? (body as { err?: unknown }).err : undefined;
      if (typeof err === 'number' && err !== 0) return reject(new BoardRefusedError(err));
      onProgress({ loaded: file.size, total: file.size });
      resolve();
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the portal'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    request.send(file);
  });
}
