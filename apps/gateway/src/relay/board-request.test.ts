import { describe, expect, it } from 'vitest';
import {
  buildBoardRequest,
  headBytes,
  MAX_BOARD_HEAD_BYTES,
  reencodeTargetForBoard,
} from './board-request.ts';

describe('re-encoding a request target for a board', () => {
  it('upper-cases existing escapes and leaves well-formed targets alone', () => {
    expect(reencodeTargetForBoard('/rr_model?key=state.upTime&flags=d99fn')).toBe(
      '/rr_model?key=state.upTime&flags=d99fn',
    );
    expect(reencodeTargetForBoard('/rr_upload?name=0%3a%2fgcodes%2fcube.gcode')).toBe(
      '/rr_upload?name=0%3A%2Fgcodes%2Fcube.gcode',
    );
  });

  it("encodes PrusaSlicer's literal quotes and spaces, and a %22 stays %22", () => {
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M32%20"0:/gcodes/a b.gcode"')).toBe(
      '/rr_gcode?gcode=M32%20%220:/gcodes/a%20b.gcode%22',
    );
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M32%20%220%3A/gcodes/x.gcode%22')).toBe(
      '/rr_gcode?gcode=M32%20%220%3A/gcodes/x.gcode%22',
    );
  });

  it('keeps + (a board reads it as a space) and escapes a stray %', () => {
    expect(reencodeTargetForBoard('/rr_gcode?gcode=G1+X10')).toBe('/rr_gcode?gcode=G1+X10');
    expect(reencodeTargetForBoard('/rr_gcode?gcode=M117 100%')).toBe('/rr_gcode?gcode=M117%20100%25');
    expect(reencodeTargetForBoard('/x?a=%4')).toBe('/x?a=%254');
  });

  it('escapes characters a request line cannot hold', () => {
    expect(reencodeTargetForBoard('/a<b>{c}|d\\e^f`g#h')).toBe('/a%3Cb%3E%7Bc%7D%7Cd%5Ce%5Ef%60g%23h');
    expect(reencodeTargetForBoard('/t\u0000\u007f')).toBe('/t%00%7F');
  });

  it('takes Latin-1 characters as raw bytes and encodes wider ones as UTF-8', () => {
    // 'é' sent raw as UTF-8 reaches Node as the two Latin-1 characters Ã©.
    expect(reencodeTargetForBoard('/rr_download?name=caf\u00c3\u00a9')).toBe('/rr_download?name=caf%C3%A9');
    expect(reencodeTargetForBoard('/x?n=\u20ac\u{1f600}')).toBe('/x?n=%E2%82%AC%F0%9F%98%80');
  });
});

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
    expect(fits(MAX_BOARD_HEAD_BYTES - overhead).ok).toBe(true);
    expect(fits(MAX_BOARD_HEAD_BYTES - overhead + 1)).toMatchObject({ ok: false, status: 400 });
  });
});
