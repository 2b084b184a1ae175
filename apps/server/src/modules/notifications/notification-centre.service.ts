import type { Language, NotificationItem, NotificationList, NotificationPreferences } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import type { NotificationCentreRepository, NotificationRow } from './notification-centre.repository.ts';

function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    event: row.event as NotificationItem['event'],
    ticketId: row.ticketId,
    machineId: row.machineId,
    licenceId: row.licenceId,
    businessId: row.businessId,
    subject: row.subject,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * The signed-in user's own notifications and channel choices: every call is about the caller alone, so another
 * user's notification is never found (404).
 */
export class NotificationCentreService {
  readonly #repository: NotificationCentreRepository;
  readonly #clock: Clock;

  constructor(repository: NotificationCentreRepository, clock: Clock) {
    this.#repository = repository;
    this.#clock = clock;
  }

  async list(viewer: Viewer, limit: number): Promise<NotificationList> {
    const { rows, unread } = await this.#repository.list(viewer.id, limit);
    return { items: rows.map(toItem), unread };
  }

  async markRead(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.#repository.markRead(viewer.id, id, this.#clock()))) throw notFound('Notification');
  }

  async markAllRead(viewer: Viewer): Promise<void> {
    await this.#repository.markAllRead(viewer.id, this.#clock());
  }

  async preferences(viewer: Viewer): Promise<NotificationPreferences> {
    const stored = (await this.#repository.preferencesOf([viewer.id])).get(viewer.id);
    if (!stored) throw notFound();
    return stored.preferences;
  }

  async savePreferences(
    viewer: Viewer,
    body: { preferences: Partial<NotificationPreferences>; language?: Language | undefined },
  ): Promise<NotificationPreferences> {
    await this.#repository.savePreferences(viewer.id, body.preferences, body.language, this.#clock());
    return this.preferences(viewer);
  }
}
