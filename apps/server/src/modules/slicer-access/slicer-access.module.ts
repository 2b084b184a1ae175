import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { BoardActivity } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { ApiTokens } from './api-tokens.ts';
import { octoPrintRoutes } from './octoprint.routes.ts';
import { OctoPrintService } from './octoprint.service.ts';
import { SlicerAccessRepository } from './slicer-access.repository.ts';
import { slicerTokenRoutes } from './slicer-access.routes.ts';
import { SlicerAccessService } from './slicer-access.service.ts';
import { slicerDestinationRoutes } from './slicer-destination.routes.ts';
import {
  type SlicerActivityRecord,
  SlicerDestinations,
  type SlicerLibrary,
  type SlicerQueue,
} from './slicer-destinations.ts';
import { slicerRelayRoutes } from './slicer-relay.routes.ts';

/** As config.ts's UPLOAD_MAX_BYTES default. */
const DEFAULT_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

export interface SlicerAccessDeps {
  registry: TunnelRegistry;
  access: MachineAccessService;
  /** The activity record, told of every request to a board. */
  activity: BoardActivity;
  /** Where a library or queue token's uploads go (`slicer-destinations.ts`). */
  library: SlicerLibrary;
  queue: SlicerQueue;
  /** The activity record, which keeps a slicer's file stored in the library. */
  record: SlicerActivityRecord;
}

/**
 * External access for slicers: the token calls (session), and the token URLs PrusaSlicer, Cura and OctoPrint clients
 * use (public, authenticated by the token), relayed to the board through the tunnel.
 *
 * Tokens are signed, not stored (generation and revoke-all in the database). The Duet face,
 * `/customer/api/v1/duet/{id}/{upload|full_control}/{token}/…`, has the upload scope of `slicer-scope.ts` and
 * streams to the board unspooled. The OctoPrint face of the same token: `octoprint.routes.ts` declares the routes,
 * `octoprint.service.ts` reads the API key, the board's state and job and sends uploads, `octoprint.mapper.ts`
 * shapes OctoPrint's answers; its uploads are spooled within `UPLOAD_MAX_BYTES` and the spool disk's free space and
 * read line by line by the board client's `GcodeUploadCheck` before anything goes to the board
 * (`octoprint-upload.ts`).
 *
 * A token may instead send its uploads to the business's library or print queue (docs/product.md §7 "Tokens"):
 * its Duet URL is then `…/{id}/library/{token}/` or `…/{id}/queue/{token}/`, answered by the portal itself
 * (`slicer-destination.routes.ts`), and its OctoPrint uploads go there too; `slicer-destinations.ts` stores them
 * through the library's upload and queues them through the print queue.
 */
export function createSlicerAccessModule({ db, clock, config }: ModuleDeps, deps: SlicerAccessDeps) {
  const repository = new SlicerAccessRepository(db);
  const tokens = new ApiTokens(config.jwtSecret, clock);
  const service = new SlicerAccessService(repository, tokens, deps.access, clock);
  const destinations = new SlicerDestinations({
    library: deps.library,
    queue: deps.queue,
    record: deps.record,
  });
  return {
    repository,
    tokens,
    service,
    routes: routesOf(slicerTokenRoutes, { service }),
    publicRoutes: async (app: FastifyInstance) => {
      const options = {
        registry: deps.registry,
        activity: deps.activity,
        service,
        timeoutMs: config.proxyTimeoutMs,
      };
      const spool = {
        maxBytes: config.uploads?.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES,
        dir: config.uploads?.spoolDir ?? tmpdir(),
      };
      // The Duet face streams uploads straight to the board (they carry a Content-Length): nothing is spooled.
      await app.register(routesOf(slicerRelayRoutes, options));
      await app.register(routesOf(slicerDestinationRoutes, { service, destinations }));
      const octoPrint = new OctoPrintService(deps.registry, config.proxyTimeoutMs, deps.activity);
      await app.register(routesOf(octoPrintRoutes, { service, octoPrint, spool, destinations }));
    },
  };
}
