import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { findVisibleUser } from './user-access.ts';
import type { UserRecordsRepository } from './user-records.repository.ts';
import type { UserRecordTable } from './user-records.ts';
import type { UsersRepository } from './users.repository.ts';

type Item<Table extends UserRecordTable> = Omit<Table['$inferSelect'], 'userId'>;
type Body<Table extends UserRecordTable> = Omit<Table['$inferInsert'], 'id' | 'userId'>;

/** A row as the API answers it: without its owner. */
const withoutOwner = <Row extends { userId: number }>({
  userId: _owner,
  ...item
}: Row): Omit<Row, 'userId'> => item;

/**
 * One kind of list a user owns: the user themselves and whoever manages the user's business. A record
 * of another user answers 404 whoever asks.
 */
export class UserRecordsService<Table extends UserRecordTable> {
  readonly #users: UsersRepository;
  readonly #records: UserRecordsRepository<Table>;
  readonly #missing: string;

  constructor(users: UsersRepository, records: UserRecordsRepository<Table>, missing: string) {
    this.#users = users;
    this.#records = records;
    this.#missing = missing;
  }

  async list(viewer: SessionSubject, userId: number): Promise<Item<Table>[]> {
    await findVisibleUser(this.#users, viewer, userId);
    return (await this.#records.listOf(userId)).map(withoutOwner);
  }

  async add(viewer: SessionSubject, userId: number, body: Body<Table>): Promise<Item<Table>> {
    await findVisibleUser(this.#users, viewer, userId);
    return withoutOwner(await this.#records.insert({ ...body, userId } as Table['$inferInsert']));
  }

  async delete(viewer: SessionSubject, userId: number, recordId: number): Promise<void> {
    await findVisibleUser(this.#users, viewer, userId);
    if (!(await this.#records.delete(userId, recordId))) throw notFound(this.#missing);
  }
}
