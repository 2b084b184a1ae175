import { EventEmitter } from 'node:events';
import { dsfFirmwareModelSchema, readBoardAnswer, rrBoardAnswerSchema } from '@portal/duet/protocol';
import type { BoardKind } from './board-session-states.ts';

/** What the board runs, as its object model says; `dsfVersion` only on a board with a single-board computer. */
export interface BoardFirmware {
  name: string;
  version: string;
  dsfVersion: string | null;
}

/** Round trips kept for the latency: the last minute's at the portal's usual pace, few enough to cost nothing. */
const ROUND_TRIPS_KEPT = 32;

/** The firmware in a board's answer to the session's firmware read (`BoardSession.readFirmware`). */
export function firmwareOf(kind: BoardKind, body: Uint8Array): BoardFirmware | null {
  if (kind === 'dsf') {
    const model = readBoardAnswer(dsfFirmwareModelSchema, body);
    const [board] = model?.boards ?? [];
    return board && model
      ? { name: board.firmwareName, version: board.firmwareVersion, dsfVersion: model.sbc }
      : null;
  }
  const answer = readBoardAnswer(rrBoardAnswerSchema, body);
  return answer
    ? { name: answer.result.firmwareName, version: answer.result.firmwareVersion, dsfVersion: null }
    : null;
}

/**
 * What the gateway has learnt of its board for its reports (docs/design.md §5c), from requests it makes anyway: the
 * firmware (read once per board session) and how long the board took to answer recent small requests.
 */
export class BoardFacts extends EventEmitter<{ firmware: [BoardFirmware] }> {
  #firmware: BoardFirmware | null = null;
  readonly #roundTrips: number[] = [];

  get firmware(): BoardFirmware | null {
    return this.#firmware;
  }

  /** Notes what the board runs; listeners hear of a change (the first reading, or an update after a reboot). */
  setFirmware(firmware: BoardFirmware): void {
    const known = this.#firmware;
    this.#firmware = firmware;
    if (
      known?.name !== firmware.name ||
      known.version !== firmware.version ||
      known.dsfVersion !== firmware.dsfVersion
    ) {
      this.emit('firmware', firmware);
    }
  }

  /** Milliseconds from a bodiless request's sending to its answer's head. */
  recordRoundTrip(ms: number): void {
    this.#roundTrips.push(ms);
    if (this.#roundTrips.length > ROUND_TRIPS_KEPT) this.#roundTrips.shift();
  }

  /** The median of the recent round trips, to 0.1 ms; null before the first. A slow file read does not sway it. */
  get latencyMs(): number | null {
    if (this.#roundTrips.length === 0) return null;
    const sorted = [...this.#roundTrips].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    const median =
      sorted.length % 2
        ? (sorted[middle] as number)
        : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
    return Math.round(median * 10) / 10;
  }
}
