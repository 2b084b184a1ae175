import { boardProxyPath, type MachinePathName } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { buildHeaders } from '../../../lib/proxy-request';
import { parseCsvTable } from '../lib/csv-table';
import { MACHINE_LOG_PATHS, type MachineLogKind } from '../lib/machine-log-kind';

/** Which board to read from, as the proxy path names it (docs/product.md §7). */
export interface MachineLogSource {
  kind: MachineLogKind;
  /** The machine group's firmware as the proxy path spells it (`0`, `3.5`…). */
  firmware: string;
  /** `admin` for administrators, `customer` for everyone else (docs/product.md §6). */
  path: MachinePathName;
  controllerId: number;
}

/** A log as the board sent it (for the download, byte for byte) and read as a table (for the screen). */
export interface MachineLog {
  text: string;
  table: ReturnType<typeof parseCsvTable>;
}

function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * GET /proxy/duet/{firmware}/{path}/{controller}/rr_download?name={log}: the file through the portal origin's
 * proxy with the bearer token. A board's 404 (no such file) and the portal's offline answers are thrown as
 * `ApiError`s for the screen to show.
 */
export async function getMachineLog(source: MachineLogSource, signal?: AbortSignal): Promise<MachineLog> {
  const name = encodeURIComponent(MACHINE_LOG_PATHS[source.kind]);
  const headers = buildHeaders({});
  headers.set('Accept', 'text/csv, */*');
  const response = await fetch(
    boardProxyPath(source.firmware, source.path, source.controllerId, `rr_download?name=${name}`),
    { headers, signal: signal ?? null, credentials: 'same-origin' },
  );
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, parseErrorBody(text));
  return { text, table: parseCsvTable(text) };
}

export const getMachineLogQueryOptions = (source: MachineLogSource) =>
  queryOptions({
    queryKey: ['machine-logs', source.controllerId, source.kind, source.path, source.firmware] as const,
    queryFn: ({ signal }) => getMachineLog(source, signal),
    // Proxy calls show no error toast (docs/product.md §7): the screen shows the failure itself.
    meta: { silent: true },
  });

/** A machine's statistics or maintenance log; disabled until the controller is known. */
export function useMachineLog(source: MachineLogSource | undefined) {
  return useQuery({
    ...getMachineLogQueryOptions(
      source ?? { kind: 'statistics', firmware: '0', path: 'customer', controllerId: 0 },
    ),
    enabled: source !== undefined,
  });
}
