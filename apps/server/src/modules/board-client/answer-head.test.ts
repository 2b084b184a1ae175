import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import { describe, expect, it } from 'vitest';
import { answerHeadOf } from './tunnel-relay.ts';

/** A tunnel stream as answerHeadOf sees it: the events it listens to. */
const tunnelStream = () => new EventEmitter() as EventEmitter & http2.ClientHttp2Stream;
const listenersOf = (stream: EventEmitter) =>
  ['response', 'close', 'error'].map((event) => stream.listenerCount(event));

describe('answerHeadOf', () => {
  it("gives the answer's head, and leaves no listener behind", async () => {
    const stream = tunnelStream();
    const timeout = new AbortController();
    const head = answerHeadOf(stream, timeout.signal);
    stream.emit('response', { ':status': 200 });
    await expect(head).resolves.toEqual({ ':status': 200 });
    expect(listenersOf(stream)).toEqual([0, 0, 0]);
    // A time-out after the answer changes nothing.
    timeout.abort();
  });

  it('fails at once when the stream closes before its answer (the tunnel broke)', async () => {
    const stream = tunnelStream();
    const head = answerHeadOf(stream, new AbortController().signal);
    stream.emit('close');
    await expect(head).rejects.toThrow('closed before its answer');
    expect(listenersOf(stream)).toEqual([0, 0, 0]);
  });

  it('fails with the stream error rather than leaving it unhandled', async () => {
    const stream = tunnelStream();
    const head = answerHeadOf(stream, undefined);
    stream.emit('error', new Error('stream reset'));
    await expect(head).rejects.toThrow('stream reset');
  });

  it('gives up when either signal aborts: the time-out or the client leaving', async () => {
    for (const which of [0, 1]) {
      const stream = tunnelStream();
      const signals = [new AbortController(), new AbortController()];
      const head = answerHeadOf(stream, signals[0]?.signal, signals[1]?.signal);
      signals[which]?.abort(new Error(`signal ${which}`));
      await expect(head).rejects.toThrow(`signal ${which}`);
      expect(listenersOf(stream)).toEqual([0, 0, 0]);
      stream.emit('response', { ':status': 200 });
    }
  });

  it('gives up at once on a signal already aborted, without listening', async () => {
    const stream = tunnelStream();
    await expect(answerHeadOf(stream, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(listenersOf(stream)).toEqual([0, 0, 0]);
  });
});
