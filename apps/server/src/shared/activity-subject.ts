/**
 * What an administrative action is about beyond its route's ids, for the activity record (docs/design.md §9): a
 * route that knows its machine, business or ticket once it has run sets `request.activitySubject`, and the record's
 * hook files the entry under them, so that business's people and the ticket's log read it.
 */
export interface ActivitySubject {
  controllerId: number | null;
  businessId: number | null;
  ticketId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    activitySubject?: ActivitySubject;
    /**
     * What the entry's detail says beyond the route's ids and body, from a route that learns it as it runs: the
     * name and folder of a library file uploaded (the body is the file) or deleted (gone once the entry is made).
     */
    activityDetail?: Record<string, unknown>;
  }
}
