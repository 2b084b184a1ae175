import type { MachineGroup } from '@portal/contract';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toMachineGroupResponse } from '../machine-groups/machine-groups.mapper.ts';
import { visibleMachineGroups } from '../machine-groups/machine-groups.policy.ts';
import { findVisibleUser } from './user-access.ts';
import { canAssignMachinesTo } from './user-machines.policy.ts';
import type { UserMachinesRepository } from './user-machines.repository.ts';
import type { UsersRepository } from './users.repository.ts';

/** What giving access answered: the machine group, and whether the access is new. */
export interface Assignment {
  machineGroup: MachineGroup;
  added: boolean;
}

/**
 * The machine groups a user has access to. Whoever sees the user sees the list, within the machine
 * groups they see themselves; administrators give and remove access for anyone, managers for their own
 * business's users and machine groups.
 */
export class UserMachinesService {
  readonly #users: UsersRepository;
  readonly #machines: UserMachinesRepository;

  constructor(users: UsersRepository, machines: UserMachinesRepository) {
    this.#users = users;
    this.#machines = machines;
  }

  async listMachines(viewer: SessionSubject, userId: number): Promise<MachineGroup[]> {
    await findVisibleUser(this.#users, viewer, userId);
    const rows = await this.#machines.listAssigned(userId, visibleMachineGroups(viewer));
    const issues = await this.#machines.issuesOf(rows.map((row) => row.id));
    return rows.map((row) => toMachineGroupResponse(row, issues.get(row.id) ?? []));
  }

  /** Gives access; giving it again changes nothing (`added` false). */
  async addMachine(actor: SessionSubject, userId: number, machineGroupId: number): Promise<Assignment> {
    const group = await this.#assignable(actor, userId, machineGroupId);
    const added = await this.#machines.assign(userId, group.id);
    const issues = await this.#machines.issuesOf([group.id]);
    return { machineGroup: toMachineGroupResponse(group, issues.get(group.id) ?? []), added };
  }

  /** Removes access; a machine group the user does not have answers 404. */
  async removeMachine(actor: SessionSubject, userId: number, machineGroupId: number): Promise<true> {
    const group = await this.#assignable(actor, userId, machineGroupId);
    if (!(await this.#machines.unassign(userId, group.id))) throw notFound('Machine group');
    return true;
  }

  async #assignable(actor: SessionSubject, userId: number, machineGroupId: number) {
    const user = await findVisibleUser(this.#users, actor, userId);
    if (!canAssignMachinesTo(actor, user)) throw new AppError('FORBIDDEN');
    const group = await this.#machines.findMachineGroup(machineGroupId, visibleMachineGroups(actor));
    if (!group) throw notFound('Machine group');
    return group;
  }
}
