import dns, { type LookupAddress, type LookupOptions } from 'node:dns';

/**
 * Browsers resolve every `*.localhost` name to this computer (the portal's default address is
 * `portal.localhost`, each machine's `m{id}.portal.localhost`); Node asks the system resolver, which here knows
 * only `localhost`. Imported by tests that talk to those names from Node, this makes Node resolve them as a
 * browser does. Test support only: the portal itself never resolves them.
 */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;
const systemLookup = dns.lookup;

type Callback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function lookup(...args: [string, LookupOptions | number | Callback, Callback?]): void {
  const [hostname, options, callback] = args;
  if (!LOCAL_NAME.test(hostname)) {
    (systemLookup as (...all: unknown[]) => void)(...args);
    return;
  }
  const done = (typeof options === 'function' ? options : callback) as Callback;
  const settings = typeof options === 'object' ? options : {};
  if (settings.all) process.nextTick(done, null, [{ address: '127.0.0.1', family: 4 }]);
  else process.nextTick(done, null, '127.0.0.1', 4);
}

dns.lookup = lookup as typeof dns.lookup;
// Playwright's request context asks the promise form.
const systemPromiseLookup = dns.promises.lookup;
dns.promises.lookup = ((hostname: string, options?: LookupOptions | number) => {
  if (!LOCAL_NAME.test(hostname)) return systemPromiseLookup(hostname, options as LookupOptions);
  const loopback = { address: '127.0.0.1', family: 4 };
  return Promise.resolve(typeof options === 'object' && options.all ? [loopback] : loopback);
}) as typeof dns.promises.lookup;
