import type { LoginResponse, SessionClaims } from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/storage-keys';
import { isExpired, readClaims } from './session';
import type { SessionEndReason } from './session-end-reasons';
import { readStorage, removeStorage, writeStorage } from './storage';

/** The signed-in state: the tokens as stored and the claims read from the session token. */
export interface Session {
  token: string;
  videoToken: string | null;
  claims: SessionClaims;
  /** When this page got the token (epoch ms): the renewal is timed from it. */
  receivedAt: number;
}

/** Builds a session from a login answer; null when the token cannot be read as a session token. */
export async function toSession(tokens: LoginResponse): Promise<Session | null> {
  const claims = await readClaims(tokens.access_token);
  return claims
    ? { token: tokens.access_token, videoToken: tokens.video_token, claims, receivedAt: Date.now() }
    : null;
}

/** How the last session ended, and whose it was: what the login page explains and whom it returns. */
export interface SessionEnd {
  reason: SessionEndReason;
  userId: number;
}

const listeners = new Set<() => void>();
// None until `restoreSession` has read storage: importing this module never touches it.
let current: Session | null = null;
let lastEnd: SessionEnd | null = null;
// Counts changes of the stored session, so a read of another tab's change that finishes after a later
// change (another tab's, or this tab's own login or logout) is dropped.
let storageChanges = 0;

function clearStoredTokens(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.videoToken);
}

/** A stored token that is unreadable or already expired means logged out (docs/product.md §4). */
async function readStoredSession(): Promise<Session | null> {
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) return null;
  const claims = await readClaims(token);
  if (!claims || isExpired(claims, Date.now())) {
    clearStoredTokens();
    if (claims) lastEnd = { reason: 'SESSION_EXPIRED', userId: claims.id };
    return null;
  }
  return { token, videoToken: readStorage(STORAGE_KEYS.videoToken), claims, receivedAt: Date.now() };
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Reads the stored session; main.tsx awaits it before the first render, so every screen sees the session
 * from the start. Asynchronous because reading the token's claims loads their schema (load-schemas.ts).
 */
export async function restoreSession(): Promise<void> {
  current = await readStoredSession();
}

export const getSession = (): Session | null => current;

export function storeSession(session: Session): void {
  storageChanges++;
  writeStorage(STORAGE_KEYS.token, session.token);
  if (session.videoToken) writeStorage(STORAGE_KEYS.videoToken, session.videoToken);
  else removeStorage(STORAGE_KEYS.videoToken);
  current = session;
  lastEnd = null;
  emit();
}

/** Keeps a renewed webcam token (it lives minutes, the session an hour); ignored when logged out. */
export function storeVideoToken(videoToken: string): void {
  const session = getSession();
  if (session === null) return;
  writeStorage(STORAGE_KEYS.videoToken, videoToken);
  current = { ...session, videoToken };
  emit();
}

/** Forgets the session locally, remembering why; the server call and navigation belong to the caller. */
export function clearSession(reason: SessionEndReason): void {
  storageChanges++;
  const ended = getSession();
  clearStoredTokens();
  if (ended === null) return;
  current = null;
  lastEnd = { reason, userId: ended.claims.id };
  emit();
}

/** How the last session ended; null once a new one starts or the login page has told the user. */
export const getSessionEnd = (): SessionEnd | null => lastEnd;

export function forgetSessionEnd(): void {
  lastEnd = null;
}

// Another tab logging in or out changes the shared storage: follow it so tabs never disagree.
function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
  const change = ++storageChanges;
  void readStoredSession().then((session) => {
    if (change !== storageChanges) return;
    const previous = current;
    current = session;
    if (current) lastEnd = null;
    // Unless the stored token had simply expired, the other tab's user logged out or was logged out.
    else if (previous && lastEnd === null) lastEnd = { reason: 'SESSION_ENDED', userId: previous.claims.id };
    emit();
  });
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
