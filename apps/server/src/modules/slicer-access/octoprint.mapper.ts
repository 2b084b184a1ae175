import type { FullJob } from '@portal/duet/protocol';

/** The OctoPrint version slicers are told (PrusaSlicer checks that `text` starts with "OctoPrint"). */
export const OCTOPRINT_VERSION = '1.10.0';

export type OctoPrintState = ReturnType<typeof octoPrintStateOf>;

/** OctoPrint's `state.flags` and text from the board's `state.status` (docs/duet-http.md §3.4). */
export function octoPrintStateOf(status: string) {
  const printing = ['processing', 'simulating', 'busy'].includes(status);
  const paused = ['paused', 'pausing', 'resuming'].includes(status);
  const error = status === 'halted' || status === 'off';
  const text = error ? 'Error' : printing ? 'Printing' : paused ? 'Paused' : 'Operational';
  return {
    text,
    flags: {
      operational: !error,
      printing,
      paused,
      pausing: status === 'pausing',
      cancelling: false,
      sdReady: true,
      error,
      ready: !error && !printing && !paused,
      closedOrError: error,
    },
  };
}

/** OctoPrint's `GET /api/job` answer from the board's `job` and the printer state. */
export function octoPrintJobOf(job: FullJob | undefined, state: OctoPrintState) {
  const size = job?.file?.size ?? 0;
  const name = job?.file?.fileName ?? null;
  const filePosition = job?.filePosition ?? null;
  return {
    job: { file: { name: name?.split('/').at(-1) ?? null, origin: 'local', path: name, size } },
    progress: {
      completion: size > 0 && name ? ((filePosition ?? 0) / size) * 100 : null,
      filepos: filePosition,
      printTime: job?.duration ?? null,
      printTimeLeft: job?.timesLeft?.file ?? null,
    },
    state: state.text,
  };
}

/** OctoPrint's answer to an upload stored as `relative` under 0:/gcodes, its resource under `resourceBase`. */
export function octoPrintUploadOf(
  {
    filename,
    relative,
    print,
    select,
  }: { filename: string; relative: string; print: boolean; select: boolean },
  resourceBase: string,
) {
  return {
    done: true,
    effectiveSelect: print || select,
    effectivePrint: print,
    files: {
      local: {
        name: filename,
        path: relative,
        origin: 'local',
        refs: { resource: `${resourceBase}/${relative}` },
      },
    },
  };
}
