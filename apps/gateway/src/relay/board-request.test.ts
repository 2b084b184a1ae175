import { BOARD_LIMITS } from '@portal/duet/protocol';
import { describe, expect, it } from 'vitest';
import { buildBoardRequest, headBytes } from './board-request.ts';

const base = { host: '127.0.0.1:80', sessionKey: null, contentType: undefined, contentLength: undefined };

describe('building the head a board gets', () => {
  it('sends only Host and Connection for a plain request', () => {
    const result = buildBoardRequest({ ...base, method: 'get', target: '/rr_model?key=job' });
    expect(result).toEqual({
      ok: true,
      head: {
        method: 'GET',
        target: '/rr_model?key=job',
        headers: [
          ['Host', '127.0.0.1:80'],
          ['Connection', 'close'],
        ],
        contentLength: undefined,
      },
    });
  });

  it("adds the gateway's session key, and Content-Type and Content-Length for an upload", () => {
    const result = buildBoardRequest({
      ...base,
      method: 'POST',
      target: '/rr_upload?name=0:/gcodes/x.gcode',
      sessionKey: '1234',
      contentType: 'application/octet-stream',
      contentLength: '42',
    });
    expect(result.ok && result.head.headers).toEqual([
      ['Host', '127.0.0.1:80'],
      ['Connection', 'close'],
      ['X-Session-Key', '1234'],
      ['Content-Type', 'application/octet-stream'],
      ['Content-Length', '42'],
    ]);
    expect(result.ok && result.head.contentLength).toBe(42);
  });

  it('refuses a body without a length, since boards refuse chunked uploads', () => {
    expect(buildBoardRequest({ ...base, method: 'POST', target: '/rr_upload?name=x' })).toMatchObject({
      ok: false,
      status: 411,
    });
    expect(
      buildBoardRequest({ ...base, method: 'PUT', target: '/machine/file/x', contentLength: '12x' }),
    ).toMatchObject({ ok: false, status: 411 });
  });

  it('refuses a head longer than a board reads, counting every byte it would send', () => {
    const fits = (length: number) =>
      buildBoardRequest({ ...base, method: 'GET', target: `/rr_download?name=${'a'.repeat(length)}` });
    const overhead = headBytes({
      method: 'GET',
      target: '/rr_download?name=',
      headers: [
        ['Host', base.host],
        ['Connection', 'close'],
      ],
    });
    expect(fits(BOARD_LIMITS.maxHeadBytes - overhead).ok).toBe(true);
    expect(fits(BOARD_LIMITS.maxHeadBytes - overhead + 1)).toMatchObject({ ok: false, status: 400 });
  });
});
