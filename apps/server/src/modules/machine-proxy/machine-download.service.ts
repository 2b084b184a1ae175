import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { DownloadTicketBody } from '@portal/contract';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import { attachmentDisposition } from '../../shared/attachment.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { PORTAL_ORIGIN_PROXY_HEADERS, portalBoardRequest, relay } from '../board-client/board-client.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { customerMayRead } from '../machine-access/board-scopes.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import type { MachineTokens } from './machine-tokens.ts';

export interface MachineDownloadDeps {
  registry: TunnelRegistry;
  access: MachineAccessService;
  tokens: MachineTokens;
  /** The session behind a ticket must still be live (logging out ends its downloads too). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  timeoutMs: number;
}

/** A board file on its way to the browser: the headers to answer with and the bytes as they stream. */
export interface BoardDownload {
  headers: Record<string, string | string[]>;
  body: Readable;
}

/** Where a download ticket is redeemed: the link the browser follows. */
const downloadUrl = (controllerId: number) => `/api/v1/machines/${controllerId}/download`;

/**
 * A board file saved by the browser itself, so a file of any size streams to disk (docs/machine-origins.md): a
 * plain link cannot carry the bearer token, so the SPA first asks for a one-minute ticket naming the machine, its
 * path and the file, then follows the link the ticket is part of, which is checked against the ticket, its
 * session and the machine's access again.
 */
export class MachineDownloadService {
  readonly #deps: MachineDownloadDeps;

  constructor(deps: MachineDownloadDeps) {
    this.#deps = deps;
  }

  /** The one-minute link that downloads `name`; on the customer path the G-code of 0:/sys is refused. */
  async link(
    session: SessionSubject,
    controllerId: number,
    { path, name }: DownloadTicketBody,
  ): Promise<{ url: string; expiresAt: number }> {
    await this.#deps.access.reach(session, controllerId, path);
    downloadRequest(name); // a name the board could read otherwise is a 400 now, not when the link is followed
    if (path === 'customer' && !customerMayRead(name)) {
      throw new AppError('ADMIN_PATH_ONLY', 'The G-code of 0:/sys is read on the admin path only');
    }
    const { ticket, expiresAt } = await this.#deps.tokens.downloadTicket({
      userId: session.id,
      sessionId: session.sessionId,
      controllerId,
      path,
      name,
    });
    return { url: `${downloadUrl(controllerId)}?ticket=${encodeURIComponent(ticket)}`, expiresAt };
  }

  /** The file a ticket names, streaming from the board as an attachment; 404 when the board has none. */
  async open(controllerId: number, ticket: string, incoming: IncomingMessage): Promise<BoardDownload> {
    const grant = await this.#deps.tokens.redeemDownload(ticket);
    if (grant.controllerId !== controllerId) throw unauthenticated('Not for this machine');
    const subject = await this.#deps.checkSession({ id: grant.userId, sid: grant.sessionId });
    await this.#deps.access.reach(subject, controllerId, grant.path);
    const answer = await relay(this.#deps.registry, {
      controllerId,
      target: 'board',
      board: downloadRequest(grant.name),
      incoming,
      timeoutMs: this.#deps.timeoutMs,
      actor: { userId: subject.id, path: grant.path, sessionId: subject.sessionId },
    });
    if (answer.status !== 200) {
      answer.body.destroy();
      // RRF answers a missing file with 404; anything else is the board failing to serve it.
      throw answer.status === 404
        ? new AppError('NOT_FOUND', 'The board has no such file')
        : new AppError('BOARD_OFFLINE', `The board answered ${answer.status}`);
    }
    return {
      headers: {
        ...answer.headers,
        ...PORTAL_ORIGIN_PROXY_HEADERS,
        'content-disposition': attachmentDisposition(grant.name),
      },
      body: answer.body,
    };
  }
}

const downloadRequest = (name: string) => portalBoardRequest('GET', '/rr_download', { name });
