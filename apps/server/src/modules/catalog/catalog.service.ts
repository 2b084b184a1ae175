import type { CatalogEntry, CatalogEntryBody } from '@portal/contract';
import { AppError, conflict, notFound } from '../../shared/app-error.ts';
import type { SessionSubject } from '../../shared/session.ts';
import type { CatalogDefinition } from './catalog.definitions.ts';
import { toCatalogEntryResponse } from './catalog.mapper.ts';
import { canManageCatalogs } from './catalog.policy.ts';
import type { CatalogRepository } from './catalog.repository.ts';

/** The body once parsed: the description defaults to empty. */
type EntryValues = Required<CatalogEntryBody>;

/** One catalogue's rules: everyone reads, administrators write, an entry in use is never deleted. */
export class CatalogService {
  readonly #entries: CatalogRepository;
  readonly #definition: CatalogDefinition;

  constructor(entries: CatalogRepository, definition: CatalogDefinition) {
    this.#entries = entries;
    this.#definition = definition;
  }

  async listEntries(): Promise<CatalogEntry[]> {
    return (await this.#entries.list()).map(toCatalogEntryResponse);
  }

  async getEntry(id: number): Promise<CatalogEntry> {
    const row = await this.#entries.findById(id);
    if (!row) throw notFound(this.#definition.label);
    return toCatalogEntryResponse(row);
  }

  async createEntry(viewer: SessionSubject, body: EntryValues): Promise<CatalogEntry> {
    this.#assertManager(viewer);
    return toCatalogEntryResponse(await this.#entries.insert(body));
  }

  async updateEntry(viewer: SessionSubject, id: number, body: EntryValues): Promise<CatalogEntry> {
    this.#assertManager(viewer);
    const row = await this.#entries.update(id, body);
    if (!row) throw notFound(this.#definition.label);
    return toCatalogEntryResponse(row);
  }

  async deleteEntry(viewer: SessionSubject, id: number): Promise<void> {
    this.#assertManager(viewer);
    const result = await this.#entries.deleteUnused(id);
    if (result.outcome === 'missing') throw notFound(this.#definition.label);
    if (result.outcome === 'used') throw conflict(this.#inUseMessage(result.counts));
  }

  #assertManager(viewer: SessionSubject): void {
    if (!canManageCatalogs(viewer)) throw new AppError('FORBIDDEN');
  }

  /** "The machine type cannot be deleted while 2 machine groups use it". */
  #inUseMessage(counts: number[] | undefined): string {
    const what = this.#definition.label.toLowerCase();
    const users = this.#definition.usages
      .map((usage, index) => ({ noun: usage.noun, count: counts?.[index] ?? 0 }))
      .filter(({ count }) => count > 0);
    if (users.length === 0) return `The ${what} cannot be deleted while it is in use`;
    const subject = users.map(({ noun, count }) => `${count} ${noun[count === 1 ? 0 : 1]}`).join(' and ');
    const verb = users.length === 1 && users[0]?.count === 1 ? 'uses' : 'use';
    return `The ${what} cannot be deleted while ${subject} ${verb} it`;
  }
}
