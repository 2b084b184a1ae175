import {
  DEFAULT_LANGUAGE,
  type Language,
  type PushSubscriptionBody,
  vapidPublicKeySchema,
} from '@portal/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config/storage-keys';
import { answer, api, bearer } from './api/client';
import { languageOfPath } from './language';
import { activeServiceWorker } from './service-worker';
import { readStorage, removeStorage, writeStorage } from './storage';

/** The three states of the preferences tab (docs/product.md §4). */
export type PushState = 'unsupported' | 'supported' | 'enabled';

/** Whether this browser can receive push notifications at all. */
export const pushSupported = (): boolean =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const flagSet = (): boolean => readStorage(STORAGE_KEYS.pushEnabled) === 'true';

/** Enabled: the stored flag, as long as the browser still grants the permission. */
export function readPushState(): PushState {
  if (!pushSupported()) return 'unsupported';
  return flagSet() && Notification.permission === 'granted' ? 'enabled' : 'supported';
}

const listeners = new Set<() => void>();

function setFlag(enabled: boolean): void {
  if (enabled) writeStorage(STORAGE_KEYS.pushEnabled, 'true');
  else removeStorage(STORAGE_KEYS.pushEnabled);
  for (const listener of listeners) listener();
}

/** The push state, re-read whenever this page changes the flag. */
export function usePushState(): PushState {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readPushState);
}

/** The session token of a call, when it is not the current session's (the logout's). */
type TokenOption = { token?: string };

/** The call's own token when given (see `bearer`), otherwise the session's. */
const withToken = ({ token }: TokenOption) => (token === undefined ? {} : { headers: bearer(token) });

const pageLanguage = (): Language => languageOfPath(window.location.pathname) ?? DEFAULT_LANGUAGE;

const bytesOf = (base64Url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64Url.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

/**
 * Subscribes this browser through the service worker with the server's VAPID key and sends the subscription
 * with the page's language. A subscription made for another key is
 * replaced.
 */
async function subscribeBrowser(options: TokenOption = {}): Promise<void> {
  const registration = await activeServiceWorker();
  const { publicKey } = await answer(
    api.GET('/api/v1/notifications/vapid-public-key', withToken(options)),
    vapidPublicKeySchema,
  );
  const serverKey = bytesOf(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: serverKey,
  });
  await answer(
    api.POST('/api/v1/notifications/subscribe', {
      ...withToken(options),
      // Sent as the browser writes it (docs/product.md §3): the server checks what its types cannot.
      body: { ...subscription.toJSON(), language: pageLanguage() } as PushSubscriptionBody,
    }),
    null,
  );
}

/** Forgets this browser's subscription on the server and in the browser. */
async function unsubscribeBrowser(options: TokenOption = {}): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await answer(
    api.POST('/api/v1/notifications/unsubscribe', {
      ...withToken(options),
      body: { endpoint: subscription.endpoint },
    }),
    null,
  ).catch((error: unknown) => console.warn('Push subscription not forgotten by the server', error));
  await subscription.unsubscribe();
}

/**
 * The preferences tab's "enable": asks the permission, subscribes and sets the flag. A refusal or any
 * failure clears the flag; a permission failure is also logged to the console (docs/product.md §8).
 */
export async function enablePush(): Promise<boolean> {
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    console.error('Notification permission could not be requested', error);
    setFlag(false);
    return false;
  }
  if (permission !== 'granted') {
    console.error(`Notification permission not granted: ${permission}`);
    setFlag(false);
    return false;
  }
  try {
    await subscribeBrowser();
    setFlag(true);
    return true;
  } catch (error) {
    console.error('Push subscription failed', error);
    setFlag(false);
    return false;
  }
}

/** The preferences tab's "disable": unsubscribes and clears the flag, whatever the server answers. */
export async function disablePush(): Promise<void> {
  try {
    await unsubscribeBrowser();
  } catch (error) {
    console.error('Push unsubscription failed', error);
  } finally {
    setFlag(false);
  }
}

/** At login, only when the flag is set: subscribes again for the user who signed in; a failure clears the flag. */
export async function subscribeAtLogin(token: string): Promise<void> {
  if (!pushSupported() || !flagSet()) return;
  try {
    await subscribeBrowser({ token });
  } catch (error) {
    console.error('Push subscription failed', error);
    setFlag(false);
  }
}

/** At logout, only when the flag is set: unsubscribes, keeping the flag for the next login. */
export async function unsubscribeAtLogout(token: string): Promise<void> {
  if (!pushSupported() || !flagSet()) return;
  await unsubscribeBrowser({ token }).catch((error: unknown) =>
    console.error('Push unsubscription failed', error),
  );
}
