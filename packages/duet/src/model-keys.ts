import type { FirmwareVersion } from './firmware.ts';
import { LIVE_FIELDS } from './live-fields.ts';

/** Top-level object model keys `rr_model` serves on a standalone board (docs/duet-http.md §3.1). */
export function rrfModelKeys(firmware: FirmwareVersion): readonly string[] {
  const common = ['boards', 'directories', 'fans', 'global', 'heat', 'inputs', 'job', 'limits', 'move'];
  const rest = ['network', 'sensors', 'seqs', 'spindles', 'state', 'tools', 'volumes'];
  return [...common, ...rest, firmware === '3.4' ? 'scanner' : 'ledStrips'].sort();
}

/** Roots that carry live (frequently changing) fields and so appear in `flags=f` answers. */
export const LIVE_MODEL_ROOTS: ReadonlySet<string> = new Set(Object.keys(LIVE_FIELDS));

/**
 * Keys of `seqs`: one counter per top-level key except `limits` and `seqs`, plus `reply` (docs/duet-http.md
 * §3.3).
 */
export function seqsKeys(firmware: FirmwareVersion): readonly string[] {
  return [...rrfModelKeys(firmware).filter((key) => key !== 'limits' && key !== 'seqs'), 'reply'].sort();
}

/** Keys only DSF exposes (it has no `seqs`): `sbc`, `plugins`, `messages`. */
export const DSF_ONLY_MODEL_KEYS: readonly string[] = ['messages', 'plugins', 'sbc'];
