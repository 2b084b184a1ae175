import type {
  MachineGroup,
  MachineGroupUser,
  machineGroupCompositionBodySchema,
  machineGroupCreateBodySchema,
  machineGroupListQuerySchema,
  machineGroupUpdateBodySchema,
  Page,
} from '@portal/contract';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../shared/app-error.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { type FieldProblem, throwIfInvalid } from '../../shared/field-errors.ts';
import { toMachineGroupResponse, toMachineGroupUserResponse } from './machine-groups.mapper.ts';
import {
  canCreateMachineGroups,
  canMakeAdminEdits,
  type Viewer,
  visibleMachineGroups,
} from './machine-groups.policy.ts';
import type { MachineGroupRow, MachineGroupsRepository } from './machine-groups.repository.ts';

type ListQuery = z.output<typeof machineGroupListQuerySchema>;
type CreateBody = z.output<typeof machineGroupCreateBodySchema>;
type UpdateBody = z.output<typeof machineGroupUpdateBodySchema>;
type CompositionBody = z.output<typeof machineGroupCompositionBodySchema>;

const CONTROLLER_IN_USE = 'This computer controller already serves another machine group';

export class MachineGroupsService {
  readonly #groups: MachineGroupsRepository;

  constructor(groups: MachineGroupsRepository) {
    this.#groups = groups;
  }

  async list(viewer: Viewer, query: ListQuery): Promise<Page<MachineGroup>> {
    const { rows, total } = await this.#groups.list(visibleMachineGroups(viewer), {
      ...query,
      businessId: query.business_id,
    });
    return { items: await this.#respond(rows), total, page: query.page, pageSize: query.pageSize };
  }

  async get(viewer: Viewer, id: number): Promise<MachineGroup> {
    return this.#respondOne(await this.#visible(viewer, id));
  }

  /** Administrators only. Every reference must exist; the controller must be its business's and free. */
  async create(viewer: Viewer, body: CreateBody): Promise<MachineGroup> {
    if (!canCreateMachineGroups(viewer)) throw new AppError('FORBIDDEN');
    const [machine, board, business, controller] = await Promise.all([
      this.#groups.machineTypeExists(body.machine),
      this.#groups.boardTypeExists(body.board),
      this.#groups.businessExists(body.business),
      this.#groups.findController(body.computer),
    ]);
    throwIfInvalid([
      machine ? undefined : unknownMachine('machine'),
      board ? undefined : { field: 'board', code: 'invalidChoice', message: 'Unknown board type' },
      business ? undefined : { field: 'business', code: 'invalidBusiness', message: 'Unknown business' },
      !business || controller?.businessId === body.business ? undefined : foreignController('computer'),
    ]);
    const row = await this.#claimingController(() =>
      this.#groups.transaction(async (tx) => {
        if (await this.#groups.findByControllerId(body.computer, tx)) throw conflict(CONTROLLER_IN_USE);
        return this.#groups.insert(
          {
            name: body.name,
            location: body.location,
            description: body.description,
            machineTypeId: body.machine,
            boardTypeId: body.board,
            businessId: body.business,
            computerControllerId: body.computer,
            firmware: body.firmware,
          },
          tx,
        );
      }),
    );
    // A new group has no tickets yet.
    return toMachineGroupResponse(row, []);
  }

  /**
   * Name, location and description for whoever sees the group; firmware and business for administrators.
   * A group that changes business takes its controller along (they are one installation at one site):
   * the controller loses its licence, which stays with the business that bought it, and users of other
   * businesses lose their access, so that nobody keeps seeing another business's machine.
   */
  async update(viewer: Viewer, id: number, body: UpdateBody): Promise<MachineGroup> {
    const group = await this.#visible(viewer, id);
    const adminFields = body.firmware !== undefined || body.business !== undefined;
    if (adminFields && !canMakeAdminEdits(viewer)) throw new AppError('FORBIDDEN');
    const moving = body.business !== undefined && body.business !== group.businessId;
    if (moving && !(await this.#groups.businessExists(body.business as number))) {
      throwIfInvalid([{ field: 'business', code: 'invalidBusiness', message: 'Unknown business' }]);
    }
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.location !== undefined && { location: body.location }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.firmware !== undefined && { firmware: body.firmware }),
    };
    const row = await this.#groups.transaction(async (tx) => {
      if (moving && body.business !== undefined) {
        await this.#groups.moveController(group.computerControllerId, body.business, tx);
        await this.#groups.removeAssignmentsOutside(group.id, body.business, tx);
      }
      return this.#groups.update(id, { ...changes, ...(moving && { businessId: body.business }) }, tx);
    });
    if (!row) throw notFound('Machine group');
    return this.#respondOne(row);
  }

  /** Administrators: the machine type and the controller, which must be the group's business's and free. */
  async setComposition(viewer: Viewer, id: number, body: CompositionBody): Promise<MachineGroup> {
    const group = await this.#visible(viewer, id);
    if (!canMakeAdminEdits(viewer)) throw new AppError('FORBIDDEN');
    const [machine, controller] = await Promise.all([
      this.#groups.machineTypeExists(body.machine),
      this.#groups.findController(body.computerController),
    ]);
    throwIfInvalid([
      machine ? undefined : unknownMachine('machine'),
      controller?.businessId === group.businessId ? undefined : foreignController('computerController'),
    ]);
    const row = await this.#claimingController(() =>
      this.#groups.transaction(async (tx) => {
        const user = await this.#groups.findByControllerId(body.computerController, tx);
        if (user && user.id !== id) throw conflict(CONTROLLER_IN_USE);
        return this.#groups.update(
          id,
          { machineTypeId: body.machine, computerControllerId: body.computerController },
          tx,
        );
      }),
    );
    if (!row) throw notFound('Machine group');
    return this.#respondOne(row);
  }

  /** Who has access to a group the viewer sees. */
  async usersOf(viewer: Viewer, id: number): Promise<MachineGroupUser[]> {
    await this.#visible(viewer, id);
    return (await this.#groups.usersOf(id)).map(toMachineGroupUserResponse);
  }

  /** Administrators only; the group's assignments go with it. */
  async delete(viewer: Viewer, id: number): Promise<void> {
    await this.#visible(viewer, id);
    if (!canCreateMachineGroups(viewer)) throw new AppError('FORBIDDEN');
    if (!(await this.#groups.delete(id))) throw notFound('Machine group');
  }

  /** The answers for `rows`, each with the ids of its tickets. */
  async #respond(rows: readonly MachineGroupRow[]): Promise<MachineGroup[]> {
    const issues = await this.#groups.issuesOf(rows.map((row) => row.id));
    return rows.map((row) => toMachineGroupResponse(row, issues.get(row.id) ?? []));
  }

  async #respondOne(row: MachineGroupRow): Promise<MachineGroup> {
    const [group] = await this.#respond([row]);
    if (!group) throw notFound('Machine group');
    return group;
  }

  /** The group if the viewer sees it; otherwise 404, whether it is missing or another business's. */
  async #visible(viewer: Viewer, id: number): Promise<MachineGroupRow> {
    const row = await this.#groups.findVisible(id, visibleMachineGroups(viewer));
    if (!row) throw notFound('Machine group');
    return row;
  }

  /** Two requests claiming one controller at once: the unique index refuses the second, answered as 409. */
  async #claimingController<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CONTROLLER_IN_USE);
      throw error;
    }
  }
}

const unknownMachine = (field: string): FieldProblem => ({
  field,
  code: 'invalidChoice',
  message: 'Unknown machine type',
});

/** A missing controller and another business's answer alike. */
const foreignController = (field: string): FieldProblem => ({
  field,
  code: 'invalidChoice',
  message: 'Choose a computer controller of the same business',
});
