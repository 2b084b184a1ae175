import type { Address, addressCreateBodySchema } from '@portal/contract';
import type { z } from 'zod';
import { notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toAddressResponse } from './addresses.mapper.ts';
import type { AddressesRepository } from './addresses.repository.ts';
import { findVisibleUser } from './user-access.ts';
import type { UsersRepository } from './users.repository.ts';

type AddressValues = z.output<typeof addressCreateBodySchema>;

/**
 * A user's addresses: the user themselves and whoever manages the user's business. An address of
 * another user answers 404 whoever asks.
 */
export class AddressesService {
  readonly #users: UsersRepository;
  readonly #addresses: AddressesRepository;

  constructor(users: UsersRepository, addresses: AddressesRepository) {
    this.#users = users;
    this.#addresses = addresses;
  }

  async listAddresses(viewer: SessionSubject, userId: number): Promise<Address[]> {
    await findVisibleUser(this.#users, viewer, userId);
    return (await this.#addresses.listOf(userId)).map(toAddressResponse);
  }

  async addAddress(viewer: SessionSubject, userId: number, body: AddressValues): Promise<Address> {
    await findVisibleUser(this.#users, viewer, userId);
    return toAddressResponse(await this.#addresses.insert({ ...body, userId }));
  }

  async deleteAddress(viewer: SessionSubject, userId: number, addressId: number): Promise<void> {
    await findVisibleUser(this.#users, viewer, userId);
    if (!(await this.#addresses.delete(userId, addressId))) throw notFound('Address');
  }
}
