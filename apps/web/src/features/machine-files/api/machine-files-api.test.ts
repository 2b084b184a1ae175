import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { BoardRefusedError, BoardReplyError, type BoardTarget, boardCallUrl } from './board-target';
import { getFileInfo } from './file-info';
import { getFileList } from './get-file-list';
import { moveFile } from './move-file';
import { startPrint } from './start-print';

const target: BoardTarget = { controllerId: 7, firmware: '3.5', path: 'admin' };

/** A board behind the proxy answering each call with the next of `answers`; records the URLs asked. */
function boardAnswering(...answers: { status?: number; body?: unknown; text?: string }[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const answer = answers.shift() ?? { status: 500, body: {} };
      return new Response(answer.text ?? JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the board calls of the file browser', () => {
  it('builds proxy URLs with escaped parameters', () => {
    expect(boardCallUrl(target, 'rr_filelist', { dir: '0:/gcodes/a b' })).toBe(
      '/proxy/duet/3.5/admin/7/rr_filelist?dir=0%3A%2Fgcodes%2Fa+b',
    );
  });

  it("follows the board's pages until next is 0", async () => {
    const file = (name: string) => ({ type: 'f', name, size: 1, date: '2024-05-02T08:30:12' });
    const urls = boardAnswering(
      { body: { dir: '0:/gcodes', first: 0, files: [file('a'), file('b')], next: 2 } },
      { body: { dir: '0:/gcodes', first: 2, files: [file('c')], next: 0 } },
    );
    const entries = await getFileList(target, '0:/gcodes');
    expect(entries.map((entry) => entry.name)).toEqual(['a', 'b', 'c']);
    expect(urls).toEqual([
      '/proxy/duet/3.5/admin/7/rr_filelist?dir=0%3A%2Fgcodes',
      '/proxy/duet/3.5/admin/7/rr_filelist?dir=0%3A%2Fgcodes&first=2',
    ]);
  });

  it("turns a board's {err:N} into a refusal, and the portal's errors into API errors", async () => {
    boardAnswering({ body: { dir: '0:/nope', first: 0, files: [], err: 2 } });
    await expect(getFileList(target, '0:/nope')).rejects.toEqual(new BoardRefusedError(2));
    boardAnswering({ status: 502, body: { code: 'GATEWAY_OFFLINE', message: 'offline' } });
    const offline = await getFileList(target, '0:/').catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(ApiError);
    expect((offline as ApiError).code).toBe('GATEWAY_OFFLINE');
  });

  it('asks the board to replace the target only when told to', async () => {
    const urls = boardAnswering({ body: { err: 0 } }, { body: { err: 1 } });
    await moveFile(target, '0:/gcodes/a.g', '0:/gcodes/a.g.bck', { replace: true });
    await expect(moveFile(target, '0:/gcodes/a.g', '0:/gcodes/b.g')).rejects.toBeInstanceOf(
      BoardRefusedError,
    );
    expect(urls).toEqual([
      '/proxy/duet/3.5/admin/7/rr_move?old=0%3A%2Fgcodes%2Fa.g&new=0%3A%2Fgcodes%2Fa.g.bck&deleteexisting=yes',
      '/proxy/duet/3.5/admin/7/rr_move?old=0%3A%2Fgcodes%2Fa.g&new=0%3A%2Fgcodes%2Fb.g',
    ]);
  });

  it("reads a file's information, and refuses what the board cannot read", async () => {
    const urls = boardAnswering(
      {
        body: {
          err: 0,
          fileName: '0:/gcodes/Clienti/a b.gcode',
          size: 45_000,
          printTime: 1520,
          filament: [2140.5],
          generatedBy: 'PrusaSlicer 2.9.4',
        },
      },
      { body: { err: 0, size: 10 } },
      { body: { err: 1, fileName: '0:/gcodes/gone.gcode' } },
    );
    expect(await getFileInfo(target, '0:/gcodes/Clienti/a b.gcode')).toEqual({
      size: 45_000,
      printTime: 1520,
      simulatedTime: undefined,
      filament: [2140.5],
    });
    expect((await getFileInfo(target, '0:/gcodes/bare.g')).filament).toEqual([]);
    await expect(getFileInfo(target, '0:/gcodes/gone.gcode')).rejects.toEqual(new BoardRefusedError(1));
    expect(urls[0]).toBe('/proxy/duet/3.5/admin/7/rr_fileinfo?name=0%3A%2Fgcodes%2FClienti%2Fa+b.gcode');
  });

  it("starts a print with M32 and the quoted full path in a session of its own, and fails with the board's error reply", async () => {
    const urls = boardAnswering(
      { body: { err: 0, sessionKey: 4242 } },
      { body: { buff: 230 } },
      { text: 'File 0:/gcodes/Clienti/a b.gcode selected for printing' },
      { body: { err: 0 } },
    );
    await startPrint(target, '0:/gcodes/Clienti/a b.gcode');
    expect(urls).toEqual([
      '/proxy/duet/3.5/admin/7/rr_connect?sessionKey=yes',
      '/proxy/duet/3.5/admin/7/rr_gcode?gcode=M32+%220%3A%2Fgcodes%2FClienti%2Fa+b.gcode%22',
      '/proxy/duet/3.5/admin/7/rr_reply?',
      '/proxy/duet/3.5/admin/7/rr_disconnect?',
    ]);
    const keys = vi
      .mocked(fetch)
      .mock.calls.map(([, init]) => new Headers(init?.headers).get('X-Session-Key'));
    expect(keys).toEqual([null, '4242', '4242', '4242']);

    boardAnswering(
      { body: { err: 0, sessionKey: 7 } },
      { body: { bufferSpace: 255, err: 0 } },
      { text: '' },
      { text: 'Error: File 0:/gcodes/c.g not found' },
      { body: { err: 0 } },
    );
    await expect(startPrint(target, '0:/gcodes/c.g')).rejects.toEqual(
      new BoardReplyError('Error: File 0:/gcodes/c.g not found'),
    );
  });

  it('refuses as the board does, and sends the code alone to a board that hands out no session key', async () => {
    boardAnswering({ body: { err: 0, sessionKey: 7 } }, { body: { err: 1 } }, { body: { err: 0 } });
    await expect(startPrint(target, '0:/gcodes/c.g')).rejects.toEqual(new BoardRefusedError(1));
    const urls = boardAnswering({ body: { err: 0, sessionKey: 0 } }, { body: { buff: 200 } });
    await startPrint(target, '0:/gcodes/c.g');
    expect(urls).toHaveLength(2);
  });

  it("posts the code to an SBC board's machine/code and reads the reply it answers with", async () => {
    const urls = boardAnswering(
      { body: { err: 0, isEmulated: true, sessionTimeout: 8000 } },
      { text: 'Error: File 0:/gcodes/c.g not found' },
    );
    await expect(startPrint(target, '0:/gcodes/c.g')).rejects.toEqual(
      new BoardReplyError('Error: File 0:/gcodes/c.g not found'),
    );
    expect(urls[1]).toBe('/proxy/duet/3.5/admin/7/machine/code');
    const [, init] = vi.mocked(fetch).mock.calls[1] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('M32 "0:/gcodes/c.g"');
    boardAnswering({ body: { err: 0, isEmulated: true } }, { text: '' });
    await startPrint(target, '0:/gcodes/c.g');
  });
});
