import { createHash, randomBytes } from 'node:crypto';

/** A new recovery token: 32 random bytes, base64url (43 characters), as the link carries it. */
export const newRecoveryToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256 in hex. A token this long needs no slow hash. */
export const hashRecoveryToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');
