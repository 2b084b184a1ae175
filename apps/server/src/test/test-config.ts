import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MachineOrigins } from '../shared/machine-origins.ts';
import type { AppConfig } from '../shared/module.ts';

/** Where the tests' manual clock starts; the demo fleet's licence dates are seeded relative to it. */
export const TEST_START = new Date('2026-11-21T09:00:00Z');

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';
export const TEST_ACTIVITY_KEY = 'test-activity-key-that-is-long-enough!!';

/** The application settings of API tests: argon2id at its cheapest, since tests hash a lot. */
export const TEST_CONFIG: AppConfig = {
  jwtSecret: TEST_JWT_SECRET,
  activityKey: TEST_ACTIVITY_KEY,
  sessionTtlSeconds: 3600,
  // Tests change users straight in the database and expect the next call to see it.
  sessionCacheMs: 0,
  trustProxy: false,
  webDist: undefined,
  // Stand-ins with the packages' names: the tests read the list and the bytes, never install them.
  gatewayPackages: fileURLToPath(new URL('gateway-packages', import.meta.url)),
  machineOrigins: new MachineOrigins('https://m{id}.machines.example.test'),
  proxyTimeoutMs: 30_000,
  passwordHashing: { memoryCost: 1024, timeCost: 2 },
  // Tests count what their fake gateways receive: only the live status tests have the boards followed.
  liveStatus: { follow: false },
  // Their fake gateways answer as boards: a machine event's mail takes a frame only from an open stream.
  webcam: { mailSnapshots: false },
  publicUrl: 'https://portal.example.test',
  // The network is closed: push services' names under example.com pass the subscription's address check with a
  // public address. Messages to them are never delivered, since the connection asks the system's resolver.
  push: { resolve: async () => [{ address: '93.184.215.14', family: 4 }] },
  // createTestApp gives each app an outbox folder of its own; tests that read mails give their own settings.
  mail: {
    from: 'Portal <no-reply@portal.example.test>',
    smtpUrl: undefined,
    outboxDir: path.join(tmpdir(), 'portal-api-outbox-unused'),
  },
};
