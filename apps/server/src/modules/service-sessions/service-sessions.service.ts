import type {
  ServiceConsent,
  ServiceConsentAnswer,
  ServiceSession,
  ServiceSessionDecisionBody,
  ServiceSessionRequestBody,
  serviceSessionQuerySchema,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionEvents } from '../auth/session-events.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { visibleTickets } from '../tickets/tickets.policy.ts';
import { peopleOf, toServiceSession } from './service-sessions.mapper.ts';
import {
  decidableBy,
  mayDecide,
  mayEnd,
  mayReadConsent,
  mayRequest,
  maySetConsent,
  visibleServiceSessions,
} from './service-sessions.policy.ts';
import type { ServiceSessionRow, ServiceSessionsRepository } from './service-sessions.repository.ts';

/** The most sessions one list answers (a machine or a ticket has a handful; the notice a few). */
const LIST_LIMIT = 200;
const HOUR_MS = 3_600_000;

/** A business's consent setting changed, told to notifications once stored: who changed it, to what. */
export interface ConsentChange {
  businessId: number;
  required: boolean;
  actorId: number;
}

/** What happened to a session, told to notifications once stored: who did it, and to which session. */
export interface ServiceSessionChange {
  kind: 'requested' | 'accepted' | 'rejected' | 'ended';
  sessionId: number;
  actorId: number;
}

export interface ServiceSessionsDeps {
  repository: ServiceSessionsRepository;
  clock: Clock;
  /** Every instance decides machine grants again (a session opened or closed control). */
  grantsMayHaveChanged: () => void;
  /** Open panels and board sockets of the person check their access again at once. */
  sessions: SessionEvents;
  changed: (change: ServiceSessionChange) => void;
  consentChanged: (change: ConsentChange) => void;
}

/** Service sessions and the consent that requires them (docs/design.md §11). */
export class ServiceSessionsService {
  readonly #deps: ServiceSessionsDeps;

  constructor(deps: ServiceSessionsDeps) {
    this.#deps = deps;
  }

  async list(viewer: Viewer, query: z.output<typeof serviceSessionQuerySchema>): Promise<ServiceSession[]> {
    const awaiting = query.awaiting === 'true' ? decidableBy(viewer) : undefined;
    if (awaiting === false) return [];
    const now = this.#deps.clock();
    const rows = await this.#deps.repository.list(
      {
        visibility: visibleServiceSessions(viewer),
        controllerId: query.controller,
        ticketId: query.ticket,
        openAt: query.open === 'true' ? now : undefined,
        awaiting,
      },
      LIST_LIMIT,
    );
    return this.#answer(rows, now);
  }

  /** From a ticket the requester sees, for the ticket's machine. */
  async request(viewer: Viewer, ticketId: number, body: ServiceSessionRequestBody): Promise<ServiceSession> {
    const { repository, clock } = this.#deps;
    const ticket = await repository.ticketMachine(ticketId, visibleTickets(viewer));
    if (!ticket) throw notFound('Ticket');
    if (ticket.controllerId === null || ticket.businessId === null) {
      throw new AppError('BAD_REQUEST', "This ticket's machine has no controller to serve");
    }
    if (!mayRequest(viewer, ticket.businessId)) {
      throw new AppError('FORBIDDEN', 'Only staff outside the business ask it for a service session');
    }
    const now = clock();
    if (await repository.hasOpen(viewer.id, ticket.controllerId, now))
      throw new AppError('SERVICE_SESSION_OPEN');
    const id = await repository.insert({
      ticketId,
      controllerId: ticket.controllerId,
      businessId: ticket.businessId,
      requesterId: viewer.id,
      reason: body.reason,
      hours: body.hours,
      state: 'requested',
      requestedAt: now,
    });
    this.#deps.changed({ kind: 'requested', sessionId: id, actorId: viewer.id });
    return this.get(viewer, id);
  }

  async get(viewer: Viewer, id: number): Promise<ServiceSession> {
    const [answer] = await this.#answer([await this.#find(viewer, id)], this.#deps.clock());
    if (!answer) throw notFound('Service session');
    return answer;
  }

  async decide(viewer: Viewer, id: number, body: ServiceSessionDecisionBody): Promise<ServiceSession> {
    const { accept } = body;
    const comment = body.comment ?? '';
    const session = await this.#find(viewer, id);
    if (!mayDecide(viewer, session)) {
      throw new AppError('FORBIDDEN', "Only the business's managers and the ticket's customer decide");
    }
    const now = this.#deps.clock();
    const moved = await this.#deps.repository.move(id, 'requested', {
      state: accept ? 'accepted' : 'rejected',
      decidedAt: now,
      decidedBy: viewer.id,
      comment: comment === '' ? null : comment,
      ...(accept && { endsAt: new Date(now.getTime() + session.hours * HOUR_MS) }),
    });
    if (!moved) throw new AppError('SERVICE_SESSION_CLOSED');
    if (accept) this.#deps.grantsMayHaveChanged();
    this.#deps.changed({ kind: accept ? 'accepted' : 'rejected', sessionId: id, actorId: viewer.id });
    return this.get(viewer, id);
  }

  /** Withdraws a request (its requester) or ends an open session early (its requester, or its business). */
  async end(viewer: Viewer, id: number): Promise<ServiceSession> {
    const session = await this.#find(viewer, id);
    if (!mayEnd(viewer, session))
      throw new AppError('FORBIDDEN', 'Only its business or its requester end it');
    const { repository } = this.#deps;
    const now = this.#deps.clock();
    const ended = { endedAt: now, endedBy: viewer.id };
    if (session.state === 'requested' && session.requesterId === viewer.id) {
      if (!(await repository.move(id, 'requested', { state: 'withdrawn', ...ended }))) {
        throw new AppError('SERVICE_SESSION_CLOSED');
      }
      return this.get(viewer, id);
    }
    if (!(await repository.move(id, 'accepted', { state: 'ended', ...ended }, now))) {
      throw new AppError('SERVICE_SESSION_CLOSED');
    }
    // Grants first, then the person's open panels and sockets, which decide again with the grants forgotten.
    this.#deps.grantsMayHaveChanged();
    this.#deps.sessions.publish({ userId: session.requesterId });
    this.#deps.changed({ kind: 'ended', sessionId: id, actorId: viewer.id });
    return this.get(viewer, id);
  }

  async consent(viewer: Viewer, businessId: number): Promise<ServiceConsentAnswer> {
    const required = mayReadConsent(viewer, businessId)
      ? await this.#deps.repository.consentOf(businessId)
      : undefined;
    if (required === undefined) throw notFound('Business');
    return { required, ownerUnconfirmed: await this.#ownerUnconfirmed(viewer, businessId) };
  }

  /**
   * The business's managers change it, never with an account the operator's staff created or changed until its
   * owner recovered it: consent protects the business from that staff. A change forgets every grant, tells the
   * business's managers, and turned on closes outside staff's open panels and board sockets on its machines.
   */
  async setConsent(
    viewer: Viewer,
    businessId: number,
    { required }: ServiceConsent,
  ): Promise<ServiceConsentAnswer> {
    if (!maySetConsent(viewer, businessId)) {
      if (!mayReadConsent(viewer, businessId)) throw notFound('Business');
      throw new AppError('FORBIDDEN', "Only the business's managers require consent");
    }
    if (await this.#ownerUnconfirmed(viewer, businessId)) throw new AppError('CONSENT_OWNER_UNCONFIRMED');
    const result = await this.#deps.repository.setConsent(businessId, required);
    if (result === undefined) throw notFound('Business');
    if (result === 'changed') {
      // Grants first, then the sockets, which decide again with the grants forgotten (as `end` does).
      this.#deps.grantsMayHaveChanged();
      if (required) this.#deps.sessions.publish({ controlOfBusiness: businessId });
      this.#deps.consentChanged({ businessId, required, actorId: viewer.id });
    }
    return { required, ownerUnconfirmed: false };
  }

  /** Asked only of those who may change the setting: for anyone else it says nothing. */
  async #ownerUnconfirmed(viewer: Viewer, businessId: number): Promise<boolean> {
    return maySetConsent(viewer, businessId) && this.#deps.repository.ownerUnconfirmed(viewer.id);
  }

  async #find(viewer: Viewer, id: number): Promise<ServiceSessionRow> {
    const row = await this.#deps.repository.find(id, visibleServiceSessions(viewer));
    if (!row) throw notFound('Service session');
    return row;
  }

  async #answer(rows: ServiceSessionRow[], now: Date): Promise<ServiceSession[]> {
    const people = await this.#deps.repository.people(peopleOf(rows));
    return rows.map((row) => toServiceSession(row, people, now));
  }
}
