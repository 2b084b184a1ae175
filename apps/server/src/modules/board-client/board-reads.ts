import { customerScopeRow } from '../machine-access/board-scopes.ts';

/** The GET routes of the customer path's table that change the board (the activity record's changes too). */
const GET_CHANGES = new Set(['/rr_gcode', '/rr_delete', '/rr_move', '/rr_mkdir']);

/**
 * Whether a board request (method, path and raw query as they go to the gateway) is known to only read: a GET the
 * customer path's table names and that changes nothing, or a web file of 0:/www. Someone who may not change the
 * machine (consent, docs/design.md §11) is let through with nothing else, so a request no table names (DSF
 * plugins and packages, a path spelled so that the table cannot read it) is refused rather than guessed harmless.
 */
export function isKnownBoardRead(method: string, pathAndQuery: string): boolean {
  if (method !== 'GET') return false;
  const at = pathAndQuery.indexOf('?');
  const found = customerScopeRow(method, at < 0 ? pathAndQuery : pathAndQuery.slice(0, at));
  return found.row ? !GET_CHANGES.has(found.row.route) : found.webFile;
}
