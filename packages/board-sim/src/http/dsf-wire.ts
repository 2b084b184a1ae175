import type { ServerResponse } from 'node:http';
import { type ApiResult, contentTypeOf } from './api-result.ts';
import type { FaultSwitches } from './faults.ts';
import { writeBody } from './rrf-wire.ts';

const encoder = new TextEncoder();

/** Writes an answer the way DSF's web server (ASP.NET Kestrel) does. */
export function writeDsf(response: ServerResponse, result: ApiResult, faults: FaultSwitches): void {
  if (response.destroyed) return;
  let status = 200;
  let body: Uint8Array = new Uint8Array();
  const headers: Record<string, string> = {};
  switch (result.kind) {
    case 'json':
      body = encoder.encode(JSON.stringify(result.value));
      headers['Content-Type'] = 'application/json; charset=utf-8';
      break;
    case 'text':
      body = encoder.encode(result.text);
      headers['Content-Type'] = 'text/plain; charset=utf-8';
      break;
    case 'file':
      body = result.data;
      headers['Content-Type'] = result.contentType ?? contentTypeOf(result.name);
      if (result.gzip) headers['Content-Encoding'] = 'gzip';
      if (result.noCache) headers['Cache-Control'] = 'no-cache, no-store, must-revalidate';
      break;
    case 'reject':
      status = result.status;
      // ASP.NET's challenge (401) has no body; other errors carry their reason as text.
      if (status !== 401) {
        body = encoder.encode(result.reason);
        headers['Content-Type'] = 'text/plain; charset=utf-8';
      }
      break;
    case 'empty':
      status = result.status;
      break;
  }
  headers['Content-Length'] = String(body.length);
  response.writeHead(status, headers);
  writeBody(response, body, faults);
}
