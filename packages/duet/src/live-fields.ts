/**
 * Which object model fields RRF flags as live (docs/duet-http.md §3.1, §3.6): only these appear in `flags=f`
 * answers, and a change anywhere else bumps the owning key's `seqs` counter. A spec applies to every
 * element of an array; `true` marks a whole subtree live.
 */
export type LiveSpec = true | { readonly [field: string]: LiveSpec };

export const LIVE_FIELDS: { readonly [root: string]: LiveSpec } = {
  boards: { freeRam: true, mcuTemp: true, vIn: true, v12: true },
  fans: { actualValue: true, requestedValue: true, rpm: true },
  heat: { heaters: { active: true, avgPwm: true, current: true, standby: true, state: true } },
  inputs: true,
  job: {
    build: true,
    duration: true,
    filePosition: true,
    layer: true,
    layerTime: true,
    pauseDuration: true,
    rawExtrusion: true,
    timesLeft: true,
    warmUpDuration: true,
  },
  move: {
    axes: { machinePosition: true, userPosition: true },
    currentMove: true,
    extruders: { position: true, rawPosition: true },
    virtualEPos: true,
  },
  sensors: { analog: { lastReading: true }, endstops: { triggered: true }, probes: { value: true } },
  seqs: true,
  spindles: { current: true, state: true },
  state: {
    currentTool: true,
    gpOut: true,
    laserPwm: true,
    msUpTime: true,
    status: true,
    time: true,
    upTime: true,
  },
  tools: { active: true, isRetracted: true, standby: true, state: true },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The live part of `value` under `spec` (undefined spec: nothing is live, objects become `{}`). */
export function pickLive(value: unknown, spec: LiveSpec | undefined): unknown {
  if (spec === true) return value;
  if (Array.isArray(value)) return value.map((item) => pickLive(item, spec));
  if (!isRecord(value)) return spec === undefined ? undefined : value;
  const result: Record<string, unknown> = {};
  if (spec === undefined) return result;
  for (const [field, fieldSpec] of Object.entries(spec)) {
    if (field in value) result[field] = pickLive(value[field], fieldSpec);
  }
  return result;
}

/** Everything but the live part of `value`: what a seqs counter watches. */
export function omitLive(value: unknown, spec: LiveSpec | undefined): unknown {
  if (spec === true) return undefined;
  if (spec === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => omitLive(item, spec));
  if (!isRecord(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    const rest = omitLive(fieldValue, spec[field]);
    if (rest !== undefined) result[field] = rest;
  }
  return result;
}

/** The spec below one field name (array indices do not change the spec). */
export function liveSpecAt(spec: LiveSpec | undefined, field: string): LiveSpec | undefined {
  return spec === true ? true : spec?.[field];
}
