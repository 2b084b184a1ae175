import type { IncomingMessage } from 'node:http';

/** The client's IPv4 address as a board sees it (IPv4-mapped IPv6 addresses unwrapped). */
export function clientAddress(request: IncomingMessage): string {
  return (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/** A header's single value (the first when repeated). */
export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
