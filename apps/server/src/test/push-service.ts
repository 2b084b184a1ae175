import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { compactVerify } from 'jose';
import { generate } from 'selfsigned';

/**
 * A browser's side of a push subscription, made by the test: the P-256 key pair and the 16-byte
 * authentication secret, which decrypt what a push service delivers (RFC 8291).
 */
export interface BrowserKeys {
  /** As PushSubscription.toJSON() writes them. */
  keys: { p256dh: string; auth: string };
  /** The plaintext of an `aes128gcm` push message body (RFC 8188 records, RFC 8291 keys). */
  decrypt(body: Buffer): string;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const userPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: userPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // The header: salt (16), record size (4), key id length (1), key id = the sender's public key.
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const sharedSecret = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, senderPublic]);
      const ikm = hkdf(authSecret, sharedSecret, keyInfo, 32);
      const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const records = body.subarray(21 + idLength);
      const plain: Buffer[] = [];
      for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence++) {
        const record = records.subarray(offset, Math.min(offset + recordSize, records.length));
        const nonce = Buffer.from(baseNonce);
        // The record's sequence number is XORed into the nonce's low bytes (RFC 8188 section 2.3).
        nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
        const decipher = createDecipheriv('aes-128-gcm', key, nonce);
        decipher.setAuthTag(record.subarray(record.length - 16));
        const padded = Buffer.concat([
          decipher.update(record.subarray(0, record.length - 16)),
          decipher.final(),
        ]);
        // Each record ends with a delimiter (2 for the last, 1 otherwise) and any number of zero bytes.
        let end = padded.length - 1;
        while (end >= 0 && padded[end] === 0) end--;
        const delimiter = padded[end];
        if (delimiter !== 1 && delimiter !== 2) throw new Error('push record without its padding delimiter');
        plain.push(padded.subarray(0, end));
      }
      return Buffer.concat(plain).toString('utf8');
    },
  };
}

/** One message the push service received. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The status the service answered with. */
  status: number;
}

export interface LocalPushService {
  /** The service's origin, `https://127.0.0.1:<port>`. */
  origin: string;
  /** The self-signed certificate the sender must trust (PEM). */
  ca: string;
  received: ReceivedPush[];
  /** A new endpoint on this service; `status` is what it answers to every message (201 by default). */
  endpoint(status?: number): string;
  /** Resolves with the messages once at least `count` arrived at `endpoint`; rejects after `timeoutMs`. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A push service on loopback, over HTTPS as every real one (web-push sends nothing else), with a certificate
 * made for this run. It records every message and answers each endpoint with the status it was made with.
 */
export async function startLocalPushService(): Promise<LocalPushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    // Also a name, for tests that reach it by one (Node resolves *.localhost only with test-kit/localhost-names.ts).
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'push.localhost' },
        ],
      },
    ],
  });
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters = new Set<() => void>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = statuses.get(path) ?? 404;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status).end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const at = (endpoint: string) => received.filter((push) => `${origin}${push.path}` === endpoint);
  return {
    origin,
    ca: pems.cert,
    received,
    endpoint(status = 201) {
      const path = `/push/${randomUUID()}`;
      statuses.set(path, status);
      return `${origin}${path}`;
    },
    waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (at(endpoint).length < count) return;
          cleanUp();
          resolve(at(endpoint));
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(new Error(`${at(endpoint).length} of ${count} push messages arrived at ${endpoint}`));
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks a message's VAPID authorization (RFC 8292): a JWT for the push service's origin signed with the
 * server's key (`vapidPublicKey`, base64url of the uncompressed P-256 point). Returns its claims.
 */
export async function verifyVapid(
  push: ReceivedPush,
  vapidPublicKey: string,
): Promise<{ aud: string; sub: string; exp: number }> {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match?.[1] || match[2] !== vapidPublicKey) throw new Error(`unexpected authorization: ${header}`);
  const point = Buffer.from(vapidPublicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const { payload } = await compactVerify(match[1], key);
  return JSON.parse(new TextDecoder().decode(payload));
}
