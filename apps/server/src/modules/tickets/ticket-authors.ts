import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { ticketAnswers, tickets } from './tickets.schema.ts';

/**
 * A condition on `users`: the user wrote the ticket or one of its answers. The thread's authors shown
 * beside it (tickets) and the people told of a new answer (notifications) are both these users.
 */
export function isTicketAuthor(db: Database, ticketId: number): SQL | undefined {
  const answerAuthors = db
    .select({ id: ticketAnswers.authorId })
    .from(ticketAnswers)
    .where(eq(ticketAnswers.ticketId, ticketId));
  const ticketAuthor = db.select({ id: tickets.authorId }).from(tickets).where(eq(tickets.id, ticketId));
  return or(inArray(users.id, answerAuthors), inArray(users.id, ticketAuthor));
}
