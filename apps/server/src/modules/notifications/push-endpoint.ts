import dns, { type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A push subscription's endpoint is an address a browser gave, so anyone can give any: the portal only ever
 * connects to push services on public addresses, or it could be made to send requests into its own network
 * (loopback, link-local cloud metadata, private ranges). A self-hosted push service on a private address is
 * allowed by naming its host in `PUSH_PRIVATE_HOSTS`.
 */
export class PushEndpointPolicy {
  readonly #privateHosts: ReadonlySet<string>;
  readonly #resolve: (hostname: string) => Promise<LookupAddress[]>;

  constructor(
    privateHosts: readonly string[] = [],
    resolve: (hostname: string) => Promise<LookupAddress[]> = systemResolve,
  ) {
    this.#privateHosts = new Set(privateHosts.map(hostKey));
    this.#resolve = resolve;
  }

  /** Why the portal will not connect to `address` for `hostname`, or undefined when it may. */
  refusalOf(hostname: string, address: string): string | undefined {
    if (this.#privateHosts.has(hostKey(hostname))) return undefined;
    return isPublic(address) ? undefined : `${address} is not a public address`;
  }

  /**
   * Resolves the endpoint's host (with `resolve`: the system's, or a test's stand-in) and refuses it unless every
   * address is allowed: the reason, else undefined.
   */
  async check(endpoint: string): Promise<string | undefined> {
    const { hostname } = new URL(endpoint);
    const host = bare(hostname);
    const addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await this.#resolve(host).catch(() => []);
    if (addresses.length === 0) return `${host} does not resolve`;
    for (const { address } of addresses) {
      const refusal = this.refusalOf(host, address);
      if (refusal) return refusal;
    }
    return undefined;
  }

  /**
   * A `lookup` for the TLS agent that sends push messages: the address connected to is the one checked, so a
   * name that resolved to a public address at subscription and to a private one now (DNS rebinding) is refused.
   */
  readonly lookup = (
    hostname: string,
    options: dns.LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ): void => {
    this.#resolve(hostname).then(
      (addresses) => {
        const refused = addresses.map(({ address }) => this.refusalOf(hostname, address)).find(Boolean);
        if (refused || addresses.length === 0) {
          callback(
            Object.assign(new Error(refused ?? `${hostname} does not resolve`), { code: 'EPUSHREFUSED' }),
            '',
          );
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true });

/** Globally routable unicast, IPv4-mapped IPv6 judged as the IPv4 address it carries. */
function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const hostKey = (hostname: string) => bare(hostname.trim().toLowerCase()).replace(/\.$/, '');
