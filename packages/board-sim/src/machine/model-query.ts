import { LIVE_FIELDS, type LiveSpec, liveSpecAt, pickLive, type RrModelResponse } from '@portal/duet';

/**
 * `rr_model` (and M409) over a standalone model: key paths with `[n]`, `[]` and a leading `#`, and the flag
 * letters of docs/duet-http.md §3.2. `v`, `o`, `i` and `s` are accepted; the simulated model has no
 * verbose-only, obsolete or important-only fields for them to reveal.
 */

export interface ModelFlags {
  readonly liveOnly: boolean;
  readonly includeNulls: boolean;
  readonly depth: number;
  readonly arrayStart: number | null;
}

export function parseModelFlags(flags: string, key: string): ModelFlags {
  const depth = /d(\d+)/.exec(flags);
  const start = /a(\d+)/.exec(flags);
  return {
    liveOnly: flags.includes('f'),
    includeNulls: flags.includes('n'),
    depth: depth ? Number(depth[1]) : key === '' ? 1 : 99,
    arrayStart: start ? Number(start[1]) : null,
  };
}

type Segment = { kind: 'field'; name: string } | { kind: 'index'; index: number } | { kind: 'all' };

function parseKey(key: string): Segment[] | null {
  const segments: Segment[] = [];
  for (const part of key.split('.')) {
    const match = /^([^[\]]*)((?:\[\d*\])*)$/.exec(part);
    if (!match) return null;
    if (match[1]) segments.push({ kind: 'field', name: match[1] });
    for (const [, index] of (match[2] as string).matchAll(/\[(\d*)\]/g)) {
      segments.push(index === '' ? { kind: 'all' } : { kind: 'index', index: Number(index) });
    }
  }
  return segments;
}

function valueAt(value: unknown, segments: readonly Segment[]): unknown {
  const [segment, ...rest] = segments;
  if (!segment) return value;
  if (segment.kind === 'field') {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    return valueAt(isObject ? (value as Record<string, unknown>)[segment.name] : undefined, rest);
  }
  if (!Array.isArray(value)) return undefined;
  if (segment.kind === 'index') return valueAt(value[segment.index], rest);
  return value.map((item) => valueAt(item, rest) ?? null);
}

/** Array indices do not change which fields are live, so the spec follows the field names alone. */
function specAt(spec: LiveSpec | undefined, segments: readonly Segment[]): LiveSpec | undefined {
  return segments.reduce(
    (current, segment) => (segment.kind === 'field' ? liveSpecAt(current, segment.name) : current),
    spec,
  );
}

function render(value: unknown, depth: number, flags: ModelFlags): unknown {
  if (Array.isArray(value)) return value.map((item) => render(item, depth, flags) ?? null);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= flags.depth) return {};
  const result: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if (fieldValue === undefined || (fieldValue === null && !flags.includeNulls)) continue;
    result[field] = render(fieldValue, depth + 1, flags);
  }
  return result;
}

/** RRF stops an array answer at about half its output buffers; the rest follows with `a<next>`. */
export const ARRAY_CHUNK_BYTES = 2048;

export function queryModel(model: Record<string, unknown>, key: string, flags: string): RrModelResponse {
  const parsedFlags = parseModelFlags(flags, key);
  const lengthOnly = key.startsWith('#');
  const segments = parseKey(lengthOnly ? key.slice(1) : key);
  const value = segments ? valueAt(model, segments) : undefined;
  if (lengthOnly) return { key, flags, result: Array.isArray(value) ? value.length : null };
  const selected = parsedFlags.liveOnly && segments ? pickLive(value, specAt(LIVE_FIELDS, segments)) : value;
  if (!Array.isArray(selected)) {
    return { key, flags, result: selected === undefined ? null : render(selected, 0, parsedFlags) };
  }
  const start = parsedFlags.arrayStart ?? 0;
  const items: unknown[] = [];
  let bytes = 0;
  let next = 0;
  for (let index = start; index < selected.length; index++) {
    const item = render(selected[index], 0, parsedFlags) ?? null;
    bytes += JSON.stringify(item).length;
    if (items.length > 0 && bytes > ARRAY_CHUNK_BYTES) {
      next = index;
      break;
    }
    items.push(item);
  }
  return { key, flags, result: items, next };
}
