import type { Fixtures, RoleCaller, Side } from './fixtures.ts';

/**
 * Who may call a route: `public` routes answer anyone; otherwise each role reaches objects of every
 * business ('all'), of its own business only ('own'), only itself ('self'), or nothing ('none').
 */
export type Reach = 'all' | 'own' | 'self' | 'none';

export interface RouteAccess {
  public?: true;
  roles?: Record<RoleCaller, Reach>;
  /** The statuses that count as a refusal for this route; 403 and 404 unless it says otherwise. */
  refusedWith?: number[];
  /** The route answers with an event stream that stays open: tests read its start and hang up. */
  stream?: true;
  /** The request about an object of the caller's own business or of the other one; fresh objects when it uses them up. */
  request(
    f: Fixtures,
    side: Side,
    caller: RoleCaller,
  ): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }>;
}
