import {
  LANGUAGES,
  type licenceRenewalBodySchema,
  type Page,
  type Ticket,
  type TicketAnswer,
  type TicketAuthor,
  type TicketListItem,
  type ticketAnswerBodySchema,
  type ticketCreateBodySchema,
  type ticketListQuerySchema,
  type ticketUpdateBodySchema,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { throwIfInvalid } from '../../shared/field-errors.ts';
import { pageOf } from '../../shared/list-page.ts';
import { type Viewer, visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';
import { renewalTicket, renewalTitle } from './licence-renewal.ts';
import { toTicketAnswerResponse, toTicketListItem, toTicketResponse } from './tickets.mapper.ts';
import { canDeleteTickets, canRequestLicenceRenewal, visibleTickets } from './tickets.policy.ts';
import type { TicketRow, TicketsRepository } from './tickets.repository.ts';

type ListQuery = z.output<typeof ticketListQuerySchema>;
type CreateBody = z.output<typeof ticketCreateBodySchema>;
type UpdateBody = z.output<typeof ticketUpdateBodySchema>;
type AnswerBody = z.output<typeof ticketAnswerBodySchema>;
type RenewalBody = z.output<typeof licenceRenewalBodySchema>;

/** A change of a ticket others may want to hear of: a new ticket, an answer, a close or a reopen, and who made it. */
export interface TicketChange {
  ticketId: number;
  actorId: number;
  kind: 'ticketCreated' | 'ticketAnswered' | 'ticketClosed' | 'ticketReopened';
}
/** Called after the change is stored; it must return at once and never throw (the module's `changes`). */
type TicketChangeListener = (change: TicketChange) => void;

export class TicketsService {
  readonly #tickets: TicketsRepository;
  readonly #clock: Clock;
  readonly #changed: TicketChangeListener;

  constructor(tickets: TicketsRepository, clock: Clock, changed: TicketChangeListener = () => undefined) {
    this.#tickets = tickets;
    this.#clock = clock;
    this.#changed = changed;
  }

  async list(viewer: Viewer, query: ListQuery): Promise<Page<TicketListItem>> {
    const { rows, total } = await this.#tickets.list(visibleTickets(viewer), {
      ...query,
      machineGroupId: query.machine,
      isOpen: query.is_open === undefined ? undefined : query.is_open === 'true',
    });
    return pageOf(rows.map(toTicketListItem), total, query);
  }

  async get(viewer: Viewer, id: number): Promise<Ticket> {
    return toTicketResponse(await this.#visible(viewer, id));
  }

  /** Anyone may open a ticket about a machine group they see; it belongs to that group's business. */
  async create(viewer: Viewer, body: CreateBody): Promise<{ id: number }> {
    const group = await this.#tickets.findGroup(body.machine, visibleMachineGroups(viewer));
    if (!group) throwIfInvalid([{ field: 'machine', code: 'invalidChoice', message: 'Unknown machine' }]);
    const id = await this.#tickets.insert({
      title: body.title,
      content: body.content,
      authorId: viewer.id,
      machineGroupId: body.machine,
      businessId: group?.businessId ?? viewer.business,
      createdAt: this.#clock(),
    });
    this.#changed({ ticketId: id, actorId: viewer.id, kind: 'ticketCreated' });
    return { id };
  }

  /**
   * A ticket asking the operator to renew a machine group's licence, written by the server (docs/product.md §2):
   * a group the viewer does not see is 404, administrators (who renew themselves) 403; while one is open for the
   * machine (in either language) its id is answered instead of a second one.
   */
  async requestLicenceRenewal(
    viewer: Viewer,
    machineGroupId: number,
    body: RenewalBody,
  ): Promise<{ id: number; created: boolean }> {
    const facts = await this.#tickets.findRenewalFacts(machineGroupId, visibleMachineGroups(viewer));
    if (!facts) throw notFound('Machine group');
    if (!canRequestLicenceRenewal(viewer)) throw new AppError('FORBIDDEN');
    const titles = LANGUAGES.map((language) => renewalTitle(language, facts.machineName));
    const open = await this.#tickets.findOpenTitled(machineGroupId, titles, visibleTickets(viewer));
    if (open !== undefined) return { id: open, created: false };
    const now = this.#clock();
    const license =
      facts.licenseId === null || facts.expiry === null
        ? null
        : { id: facts.licenseId, activation: facts.activation?.getTime() ?? null, expiry: facts.expiry };
    const ticket = renewalTicket(body.language, { ...facts, license }, now.getTime());
    const id = await this.#tickets.insert({
      ...ticket,
      authorId: viewer.id,
      machineGroupId,
      businessId: facts.businessId,
      createdAt: now,
    });
    return { id, created: true };
  }

  /** Closes or reopens a ticket: whoever sees it (docs/product.md §4). */
  async setOpen(viewer: Viewer, id: number, body: UpdateBody): Promise<Ticket> {
    const ticket = await this.#visible(viewer, id);
    await this.#tickets.setOpen(id, body.is_open);
    if (ticket.isOpen !== body.is_open) {
      this.#changed({
        ticketId: id,
        actorId: viewer.id,
        kind: body.is_open ? 'ticketReopened' : 'ticketClosed',
      });
    }
    return toTicketResponse({ ...ticket, isOpen: body.is_open });
  }

  /** Administrators only; a ticket the viewer cannot see is 404 first. */
  async delete(viewer: Viewer, id: number): Promise<void> {
    await this.#visible(viewer, id);
    if (!canDeleteTickets(viewer)) throw new AppError('FORBIDDEN');
    if (!(await this.#tickets.delete(id))) throw notFound('Ticket');
  }

  async answersOf(viewer: Viewer, id: number): Promise<TicketAnswer[]> {
    await this.#visible(viewer, id);
    return (await this.#tickets.answersOf(id)).map(toTicketAnswerResponse);
  }

  /** Whoever sees the ticket may answer it; the answer is the whole thread, as the screen shows it. */
  async answer(viewer: Viewer, id: number, body: AnswerBody): Promise<TicketAnswer[]> {
    await this.#visible(viewer, id);
    await this.#tickets.insertAnswer({
      ticketId: id,
      authorId: viewer.id,
      content: body.content,
      createdAt: this.#clock(),
    });
    this.#changed({ ticketId: id, actorId: viewer.id, kind: 'ticketAnswered' });
    return this.answersOf(viewer, id);
  }

  async authorsOf(viewer: Viewer, id: number): Promise<TicketAuthor[]> {
    await this.#visible(viewer, id);
    return this.#tickets.authorsOf(id);
  }

  /** The ticket if the viewer sees it; otherwise 404, whether it is missing or another business's. */
  async #visible(viewer: Viewer, id: number): Promise<TicketRow> {
    const row = await this.#tickets.findVisible(id, visibleTickets(viewer));
    if (!row) throw notFound('Ticket');
    return row;
  }
}
