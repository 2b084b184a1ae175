import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses } from '../../db/schema.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;

export class BusinessRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findOperator(): Promise<BusinessRow | undefined> {
    const [row] = await this.#db.select().from(businesses).where(eq(businesses.operator, true));
    return row;
  }

  async findById(id: number): Promise<BusinessRow | undefined> {
    const [row] = await this.#db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  }

  async insert(business: NewBusinessRow): Promise<BusinessRow> {
    const [row] = await this.#db.insert(businesses).values(business).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }
}
