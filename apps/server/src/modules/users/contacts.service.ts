import type { Contact, contactCreateBodySchema } from '@portal/contract';
import type { z } from 'zod';
import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toContactResponse } from './contacts.mapper.ts';
import type { ContactsRepository } from './contacts.repository.ts';
import { findVisibleUser } from './user-access.ts';
import type { UsersRepository } from './users.repository.ts';

type ContactValues = z.output<typeof contactCreateBodySchema>;

/**
 * A user's contacts: the user themselves and whoever manages the user's business. A contact of another
 * user answers 404 whoever asks.
 */
export class ContactsService {
  readonly #users: UsersRepository;
  readonly #contacts: ContactsRepository;

  constructor(users: UsersRepository, contacts: ContactsRepository) {
    this.#users = users;
    this.#contacts = contacts;
  }

  async listContacts(viewer: SessionSubject, userId: number): Promise<Contact[]> {
    await findVisibleUser(this.#users, viewer, userId);
    return (await this.#contacts.listOf(userId)).map(toContactResponse);
  }

  async addContact(viewer: SessionSubject, userId: number, body: ContactValues): Promise<Contact> {
    await findVisibleUser(this.#users, viewer, userId);
    return toContactResponse(await this.#contacts.insert({ ...body, userId }));
  }

  async deleteContact(viewer: SessionSubject, userId: number, contactId: number): Promise<void> {
    await findVisibleUser(this.#users, viewer, userId);
    if (!(await this.#contacts.delete(userId, contactId))) throw notFound('Contact');
  }
}
