import type { Readable } from 'node:stream';
import { Role } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import { portalBoardRequest, relay } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { customerMayRead } from '../machine-access/board-scopes.ts';
import type { MachinePath } from '../machine-access/machine-access.policy.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { MachineFileSource } from './library.service.ts';

/**
 * A board file streamed from the machine for the library, read as the file browser downloads it (`rr_download`
 * through the tunnel): administrators by the admin path, everyone else by the customer path, whose scope keeps the
 * G-code of 0:/sys from them. The machine must be of the library's business (another business's answers 404, as a
 * machine the viewer does not reach).
 */
export function machineFileSource(deps: {
  registry: TunnelRegistry;
  access: MachineAccessService;
  timeoutMs: number;
}): MachineFileSource {
  return {
    async open(viewer, controllerId, boardPath, { businessId, incoming }) {
      const path: MachinePath = viewer.role === Role.Administrator ? 'admin' : 'customer';
      const reach = await deps.access.reach(viewer, controllerId, path);
      if (reach.businessId !== businessId) throw notFound('Machine');
      const board = portalBoardRequest('GET', '/rr_download', { name: boardPath });
      if (path === 'customer' && !customerMayRead(boardPath)) {
        throw new AppError('ADMIN_PATH_ONLY', 'The G-code of 0:/sys is read on the admin path only');
      }
      const answer = await relay(deps.registry, {
        controllerId,
        target: 'board',
        board,
        incoming,
        timeoutMs: deps.timeoutMs,
        actor: { userId: viewer.id, path, sessionId: viewer.sessionId },
      });
      if (answer.status !== 200) {
        answer.body.destroy();
        throw answer.status === 404
          ? new AppError('NOT_FOUND', 'The board has no such file')
          : new AppError('BOARD_OFFLINE', `The board answered ${answer.status}`);
      }
      return answer.body as Readable;
    },
  };
}
