/** RRF's factory password; a board whose password is this (or empty) has "no password set". */
export const DEFAULT_PASSWORD = 'reprap';

export function hasNoPassword(password: string): boolean {
  return password === '' || password === DEFAULT_PASSWORD;
}

/** rr_connect and /machine/connect accept any password on a board without one. */
export function passwordAccepted(boardPassword: string, given: string): boolean {
  return hasNoPassword(boardPassword) || given === boardPassword;
}
