/**
 * Every machine's board pages and webcam live on an origin of their own (docs/machine-origins.md): the
 * controller id is part of the host name, so a page one board serves can never script another machine's
 * frame or use its cookie. The operator gives the pattern (`MACHINE_ORIGIN`, e.g.
 * `https://m-{id}.machines.example.com`); this turns it into each machine's origin, finds the machine a
 * request's host names, and gives the portal's CSP one source that covers them all.
 */
export class MachineOrigins {
  readonly pattern: string;
  readonly #scheme: 'http' | 'https';
  readonly #prefix: string;
  readonly #suffix: string;
  readonly #domain: string;
  readonly #port: string;
  readonly #host: RegExp;

  constructor(pattern: string) {
    const parts = PATTERN.exec(pattern.trim());
    if (!parts?.groups) throw new TypeError(PATTERN_RULE);
    const { scheme, prefix, suffix, domain, port } = parts.groups;
    this.pattern = pattern.trim();
    this.#scheme = scheme?.toLowerCase() === 'https' ? 'https' : 'http';
    this.#prefix = (prefix ?? '').toLowerCase();
    this.#suffix = (suffix ?? '').toLowerCase();
    this.#domain = (domain ?? '').toLowerCase();
    this.#port = port && port !== (this.#scheme === 'https' ? '443' : '80') ? `:${port}` : '';
    this.#host = new RegExp(
      `^${literal(this.#prefix)}(0|[1-9][0-9]{0,9})${literal(this.#suffix)}${literal(this.#domain)}$`,
      'i',
    );
  }

  /** Served over https: cookies there are `Secure` and may use the `__Host-` prefix. */
  get secure(): boolean {
    return this.#scheme === 'https';
  }

  /** The origin of one machine, e.g. `https://m-12.machines.example.com`. */
  originOf(controllerId: number): string {
    return `${this.#scheme}://${this.#prefix}${controllerId}${this.#suffix}${this.#domain}${this.#port}`;
  }

  /**
   * The controller a request's host name (without port) belongs to, or undefined when it is no machine's: a
   * request for another host (a mistyped name, the portal's own) is answered as not found.
   */
  controllerOf(hostname: string): number | undefined {
    const match = this.#host.exec(hostname);
    const id = match ? Number(match[1]) : Number.NaN;
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  }

  /** One CSP source matching every machine's origin: the id's whole label becomes `*`. */
  get cspSource(): string {
    return `${this.#scheme}://*${this.#domain}${this.#port}`;
  }
}

export const PATTERN_RULE =
  'must be an http:// or https:// origin with {id} in its first host label, e.g. https://m-{id}.machines.example.com';

/** scheme://[prefix]{id}[suffix].domain[:port], nothing after the origin but an optional slash. */
const PATTERN =
  /^(?<scheme>https?):\/\/(?<prefix>[a-z0-9-]*)\{id\}(?<suffix>[a-z0-9-]*)(?<domain>(?:\.[a-z0-9-]+)+)(?::(?<port>[0-9]{1,5}))?\/?$/i;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * The pattern when `MACHINE_ORIGIN` is not set: `m{id}.` in front of the portal's own host name, on the machine
 * origin's port. Same-site with the portal, as the frame's cookie needs (SameSite), and for the default portal
 * address `http://portal.localhost:8080` it is `http://m{id}.portal.localhost:8081`, which browsers resolve to
 * this computer with no DNS set-up.
 */
export function defaultMachineOriginPattern(publicUrl: string, machinePort: number): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//m{id}.${url.hostname}:${machinePort}`;
}
