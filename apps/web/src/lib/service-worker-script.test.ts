import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** The service worker as built (`public/sw.js`), run against a stand-in of its global scope. */
const source = readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://portal.example.test';

interface FakeWindow {
  url: string;
  focused: boolean;
  focus(): Promise<void>;
}

function loadWorker(openUrls: string[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const windows = openUrls.map(
    (url): FakeWindow => ({
      url,
      focused: false,
      async focus() {
        this.focused = true;
      },
    }),
  );
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  runInNewContext(source, { self, URL });
  /** Dispatches an event and waits for what it handed to `waitUntil`. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  const push = (message: unknown) =>
    dispatch('push', { data: { json: () => (typeof message === 'string' ? JSON.parse(message) : message) } });
  const click = (url: unknown) => {
    let closed = false;
    return dispatch('notificationclick', {
      notification: {
        data: { url },
        close: () => {
          closed = true;
        },
      },
    }).then(() => closed);
  };
  return { shown, opened, windows, push, click };
}

describe('the service worker', () => {
  it("shows the portal's push messages with their text and the page to open", async () => {
    const worker = loadWorker();
    await worker.push({ title: 'Ticket #7', body: 'Nuova risposta', url: '/it/tickets/7', tag: 'ticket-7' });
    expect(worker.shown).toEqual([
      {
        title: 'Ticket #7',
        options: {
          body: 'Nuova risposta',
          tag: 'ticket-7',
          icon: '/favicon.svg',
          data: { url: '/it/tickets/7' },
        },
      },
    ]);
  });

  it('ignores a push that is not one of the portal messages', async () => {
    const worker = loadWorker();
    await worker.push('not json');
    await worker.push({ body: 'no title' });
    expect(worker.shown).toEqual([]);
  });

  it("opens the notification's ticket or machine in a new window on a click", async () => {
    const worker = loadWorker([`${ORIGIN}/it/dashboard`]);
    expect(await worker.click('/it/machines/3')).toBe(true);
    expect(worker.opened).toEqual([`${ORIGIN}/it/machines/3`]);
    expect(worker.windows[0]?.focused).toBe(false);
  });

  it('focuses the window already showing that page instead of opening another', async () => {
    const worker = loadWorker([`${ORIGIN}/it/dashboard`, `${ORIGIN}/it/tickets/7`]);
    await worker.click('/it/tickets/7');
    expect(worker.opened).toEqual([]);
    expect(worker.windows.map((window) => window.focused)).toEqual([false, true]);
  });

  it('never opens a page of another origin', async () => {
    const worker = loadWorker();
    await worker.click('https://elsewhere.example/phish');
    expect(worker.opened).toEqual([]);
  });
});
