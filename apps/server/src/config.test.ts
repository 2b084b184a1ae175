import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('has the defaults of the configuration table (deploy/README.md)', () => {
    expect(parseConfig({})).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      sessionTtlSeconds: 3600,
      demo: true,
      trustProxy: false,
      proxyTimeoutMs: 30_000,
    });
  });

  it('needs no Redis for one instance, and Redis with PostgreSQL for several', () => {
    expect(parseConfig({}).redis).toBeUndefined();
    const pg = 'postgres://db.example/portal';
    const secret = { INSTANCE_SECRET: 's'.repeat(32), ACTIVITY_KEY: 'k'.repeat(32) };
    expect(parseConfig({ ...secret, DATABASE_URL: pg, REDIS_URL: 'redis://cache:6379' }).redis).toEqual({
      url: 'redis://cache:6379',
      namespace: 'portal',
    });
    expect(
      parseConfig({ ...secret, DATABASE_URL: pg, REDIS_URL: 'rediss://c', REDIS_NAMESPACE: 'eu-1' }).redis,
    ).toEqual({
      url: 'rediss://c',
      namespace: 'eu-1',
    });
    expect(() => parseConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(/REDIS_URL: needs DATABASE_URL/);
    expect(() => parseConfig({ DATABASE_URL: pg, REDIS_URL: 'http://cache' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => parseConfig({ DATABASE_URL: pg, REDIS_URL: 'redis://c', REDIS_NAMESPACE: 'a b' })).toThrow(
      /REDIS_NAMESPACE/,
    );
  });

  it('needs a shared instance secret with Redis, and takes the instance port and host', () => {
    const several = {
      DATABASE_URL: 'postgres://db/portal',
      REDIS_URL: 'redis://cache',
      ACTIVITY_KEY: 'k'.repeat(32),
    };
    expect(() => parseConfig(several)).toThrow(/INSTANCE_SECRET: needs to be set with REDIS_URL/);
    expect(() => parseConfig({ ...several, INSTANCE_SECRET: 'short' })).toThrow(
      /INSTANCE_SECRET: must be at least 32 characters/,
    );
    const secret = 'x'.repeat(40);
    expect(parseConfig({ ...several, INSTANCE_SECRET: secret, PORT: '9000' }).instances).toEqual({
      secret,
      port: 9002,
      host: '127.0.0.1',
    });
    expect(
      parseConfig({ ...several, INSTANCE_SECRET: secret, INSTANCE_PORT: '7000', INSTANCE_HOST: '10.0.0.5' })
        .instances,
    ).toEqual({ secret, port: 7000, host: '10.0.0.5' });
    expect(parseConfig({ INSTANCE_SECRET: secret }).instances).toBeUndefined();
  });

  it("keeps the activity record's key and checkpoints in the data folder unless set; several instances share a key", () => {
    expect(parseConfig({ DATA_DIR: '/var/lib/portal' })).toMatchObject({
      activityKey: undefined,
      activityCheckpointFile: '/var/lib/portal/activity-checkpoints.jsonl',
    });
    const key = 'k'.repeat(32);
    expect(
      parseConfig({ ACTIVITY_KEY: key, ACTIVITY_CHECKPOINT_FILE: '/srv/audit/portal.jsonl' }),
    ).toMatchObject({ activityKey: key, activityCheckpointFile: '/srv/audit/portal.jsonl' });
    expect(() => parseConfig({ ACTIVITY_KEY: 'short' })).toThrow(
      /ACTIVITY_KEY: must be at least 32 characters/,
    );
    const several = { DATABASE_URL: 'postgres://db/portal', REDIS_URL: 'redis://c', INSTANCE_SECRET: key };
    expect(() => parseConfig(several)).toThrow(/ACTIVITY_KEY: needs to be set with REDIS_URL/);
  });

  it('reads the proxy time-out in seconds, within bounds', () => {
    expect(parseConfig({ PROXY_TIMEOUT: '3' }).proxyTimeoutMs).toBe(3000);
    expect(() => parseConfig({ PROXY_TIMEOUT: '0' })).toThrow(/PROXY_TIMEOUT: must be at least 1 second/);
    expect(() => parseConfig({ PROXY_TIMEOUT: '1.5' })).toThrow(/PROXY_TIMEOUT/);
  });

  it('limits uploads to 1 GiB unless UPLOAD_MAX_BYTES says otherwise, and to no less than 1 MiB', () => {
    expect(parseConfig({}).uploadMaxBytes).toBe(1024 ** 3);
    expect(parseConfig({ UPLOAD_MAX_BYTES: '5368709120' }).uploadMaxBytes).toBe(5 * 1024 ** 3);
    expect(() => parseConfig({ UPLOAD_MAX_BYTES: '1000' })).toThrow(/UPLOAD_MAX_BYTES: must be at least/);
    expect(() => parseConfig({ UPLOAD_MAX_BYTES: '1GiB' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('takes the VAPID subject from PUSH_SUBJECT, else the first administrator, and refuses other forms', () => {
    expect(parseConfig({ PUSH_SUBJECT: 'https://portal.example.com' }).pushSubject).toBe(
      'https://portal.example.com',
    );
    expect(
      parseConfig({ DEMO: 'off', ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Secret123!' }).pushSubject,
    ).toBe('mailto:boss@example.com');
    expect(parseConfig({}).pushSubject).toBeUndefined();
    expect(() => parseConfig({ PUSH_SUBJECT: 'boss@example.com' })).toThrow(
      /PUSH_SUBJECT: must be a mailto:/,
    );
  });

  it('reads DEMO=off, the first administrator and the trusted proxies', () => {
    const config = parseConfig({
      DEMO: 'off',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'Secret123!',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(config.demo).toBe(false);
    expect(config.firstAdmin).toEqual({
      email: 'boss@example.com',
      password: 'Secret123!',
      operatorName: 'Operator',
    });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('gives every machine an origin of its own, by default under the portal.localhost name', () => {
    const local = parseConfig({ PORT: '9000' });
    expect(local.machineOrigins.originOf(5)).toBe('http://m5.portal.localhost:9001');
    const derived = parseConfig({ PUBLIC_URL: 'https://portal.example.com', MACHINE_PORT: '8443' });
    expect(derived.machineOrigins.originOf(5)).toBe('https://m5.portal.example.com:8443');
    const given = parseConfig({ MACHINE_ORIGIN: 'https://m-{id}.machines.example.com' });
    expect(given.machineOrigins.originOf(5)).toBe('https://m-5.machines.example.com');
    expect(() => parseConfig({ MACHINE_ORIGIN: 'https://machines.example.com' })).toThrow(
      /MACHINE_ORIGIN: must be an http:\/\/ or https:\/\/ origin with \{id\}/,
    );
    // Machines cannot have names under an address or a single label: they need MACHINE_ORIGIN then.
    for (const publicUrl of ['http://192.168.1.10:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      expect(() => parseConfig({ PUBLIC_URL: publicUrl }), publicUrl).toThrow(
        /PUBLIC_URL: needs a host name/,
      );
    }
    expect(
      parseConfig({ PUBLIC_URL: 'http://10.0.0.5:8080', MACHINE_ORIGIN: 'https://m{id}.lan.example' })
        .publicUrl,
    ).toBe('http://10.0.0.5:8080');
  });

  it('reads the public address and the mail settings, by default local with no mail server', () => {
    expect(parseConfig({ PORT: '9000' })).toMatchObject({
      publicUrl: 'http://portal.localhost:9000',
      smtpUrl: undefined,
      mailFrom: 'Portal <no-reply@localhost>',
    });
    const config = parseConfig({
      PUBLIC_URL: 'https://portal.example.com/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Support <support@example.com>',
    });
    expect(config.publicUrl).toBe('https://portal.example.com');
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
    expect(config.mailFrom).toBe('Support <support@example.com>');
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://portal' })).toThrow(/PUBLIC_URL: must be an http/);
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must be an smtp/);
  });

  it('reads the push services allowed on private addresses, none by default', () => {
    expect(parseConfig({}).pushPrivateHosts).toEqual([]);
    expect(parseConfig({ PUSH_PRIVATE_HOSTS: ' push.lan , 10.0.0.9,' }).pushPrivateHosts).toEqual([
      'push.lan',
      '10.0.0.9',
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('names every bad variable in one readable error', () => {
    const attempt = () => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n.*JWT_SECRET/,
    );
  });

  it('refuses a first administrator password that breaks the password rule', () => {
    for (const weak of ['alllowercase1!', 'NoDigitsHere!', 'NoSymbol123']) {
      const attempt = () => parseConfig({ DEMO: 'off', ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: weak });
      expect(attempt, weak).toThrow(/ADMIN_PASSWORD: Password must contain/);
    }
    expect(
      parseConfig({ DEMO: 'off', ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: 'Sh0rt!ok' }).firstAdmin,
    ).toBeTruthy();
    expect(() => parseConfig({ DEMO: 'off', ADMIN_EMAIL: 'a@b.it', ADMIN_PASSWORD: 'Sh0rt!' })).toThrow(
      /ADMIN_PASSWORD: Password must be at least 8 characters long/,
    );
  });

  it('refuses an administrator email without a password', () => {
    expect(() => parseConfig({ DEMO: 'off', ADMIN_EMAIL: 'a@b.it' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    );
  });
});
