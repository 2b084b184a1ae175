import { once } from 'node:events';
import net from 'node:net';

/**
 * A loopback TCP link in front of a server whose reading can be held: while held, nothing more is read from
 * the clients' sockets, so their writes back up exactly as they would in front of a board that stopped reading.
 * `forwarded` counts the bytes that reached the server.
 */
export class HeldLink {
  forwarded = 0;
  readonly #server: net.Server;
  readonly #clients = new Set<net.Socket>();
  #held = false;

  private constructor(server: net.Server) {
    this.#server = server;
  }

  static async to(target: string): Promise<HeldLink> {
    const { hostname, port } = new URL(target);
    const server = net.createServer();
    const link = new HeldLink(server);
    server.on('connection', (client) => {
      const upstream = net.connect(Number(port), hostname);
      link.#clients.add(client);
      client.on('close', () => link.#clients.delete(client));
      client.on('data', (chunk: Buffer) => {
        link.forwarded += chunk.length;
        if (!upstream.write(chunk)) client.pause();
      });
      upstream.on('drain', () => {
        if (!link.#held) client.resume();
      });
      upstream.pipe(client);
      client.on('end', () => upstream.end());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      if (link.#held) client.pause();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return link;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as net.AddressInfo).port}`;
  }

  hold(): void {
    this.#held = true;
    for (const client of this.#clients) client.pause();
  }

  release(): void {
    this.#held = false;
    for (const client of this.#clients) client.resume();
  }

  async close(): Promise<void> {
    for (const client of this.#clients) client.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}
