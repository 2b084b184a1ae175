/** Registered "when the app is stable or after 30000 ms" (docs/product.md §9). */
export const SERVICE_WORKER_LATEST_MS = 30_000;
const SCRIPT = '/sw.js';

let registration: Promise<ServiceWorkerRegistration> | undefined;

/** Whether this build registers a service worker at all: production builds only. */
export const serviceWorkerEnabled = (): boolean => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Registers the service worker now (once per page), for whoever cannot wait for the app to settle: enabling
 * push. Rejects in development builds, which register none.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!serviceWorkerEnabled()) return Promise.reject(new Error('No service worker in this build'));
  registration ??= navigator.serviceWorker.register(SCRIPT, { scope: '/' }).catch((error: unknown) => {
    registration = undefined;
    throw error;
  });
  return registration;
}

/** The registration once its worker is active, so push subscriptions can be made through it. */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration> {
  await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

/**
 * Registers the service worker once the app is stable (the page loaded and the browser idle), and at the
 * latest after 30000 ms, so it never competes with the first screen for the network. Production builds only.
 */
export function registerServiceWorkerWhenStable(): void {
  if (!serviceWorkerEnabled()) return;
  const register = () => {
    window.clearTimeout(latest);
    registerServiceWorker().catch((error: unknown) => console.error('Service worker not registered', error));
  };
  const latest = window.setTimeout(register, SERVICE_WORKER_LATEST_MS);
  // Safari has no requestIdleCallback: there the loaded page is stable enough.
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(register, { timeout: SERVICE_WORKER_LATEST_MS })
      : register();
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
