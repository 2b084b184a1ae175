import { SESSION_MAX_HOURS, type SessionSettings } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import { portalSettings } from './auth.schema.ts';

/** The portal's one row of settings; until an administrator saves them, the defaults hold. */
export class SessionSettingsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async get(): Promise<SessionSettings> {
    const [row] = await this.#db.select({ maxHours: portalSettings.sessionMaxHours }).from(portalSettings);
    return row ?? { maxHours: SESSION_MAX_HOURS.default };
  }

  async save(settings: SessionSettings): Promise<SessionSettings> {
    await this.#db
      .insert(portalSettings)
      .values({ id: 1, sessionMaxHours: settings.maxHours })
      .onConflictDoUpdate({ target: portalSettings.id, set: { sessionMaxHours: settings.maxHours } });
    return settings;
  }
}
