/**
 * G-code replies waiting for HTTP clients (rr_reply). Every reply, empty ones included, bumps `seqs.reply`:
 * DWC waits for that bump before it takes a command as done. Each session reads from its own cursor.
 */
export class ReplyLog {
  #seq = 0;
  readonly #entries: { seq: number; text: string }[] = [];
  /** Replies kept for slow sessions; older ones are dropped as RRF drops them when short of buffers. */
  static readonly kept = 64;

  get seq(): number {
    return this.#seq;
  }

  add(text: string): void {
    this.#seq++;
    this.#entries.push({ seq: this.#seq, text: text === '' || text.endsWith('\n') ? text : `${text}\n` });
    if (this.#entries.length > ReplyLog.kept) this.#entries.shift();
  }

  /** Text of every reply after `cursor`. */
  since(cursor: number): string {
    return this.#entries
      .filter((entry) => entry.seq > cursor)
      .map((entry) => entry.text)
      .join('');
  }
}
