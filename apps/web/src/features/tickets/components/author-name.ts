import type { TicketAuthor } from '@portal/contract';

/** "name surname" of an author id, or null when the author is unknown or gone ('Non identificabile'). */
export function authorName(authors: readonly TicketAuthor[] | undefined, id: number | null): string | null {
  const author = id === null ? undefined : authors?.find((candidate) => candidate.id === id);
  if (!author) return null;
  return author.surname ? `${author.name} ${author.surname}` : author.name;
}
