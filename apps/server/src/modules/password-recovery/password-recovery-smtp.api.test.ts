import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';
import { type ReadMail, readRecoveryMail } from './password-recovery.test-support.ts';

/** A mail as the SMTP peer received it: the envelope and the raw message. */
interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

let smtp: SMTPServer;
const received: Received[] = [];
const arrivals: ((mail: Received) => void)[] = [];
/** While set, the SMTP peer holds each message until it is called: a slow mail server. */
let hold: Promise<void> | undefined;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (hold ?? Promise.resolve()).then(() => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks),
          };
          received.push(mail);
          for (const arrived of arrivals.splice(0)) arrived(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
const t = useTestApp(() => {
  const { port } = smtp.server.address() as AddressInfo;
  return { mail: { ...TEST_CONFIG.mail, smtpUrl: `smtp://127.0.0.1:${port}` } };
});

const nextMail = () => new Promise<Received>((resolve) => arrivals.push(resolve));
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password } });

describe('password recovery through a real SMTP server', () => {
  it('delivers the link, which sets a new password once and ends the earlier sessions', async () => {
    const email = 'manager2@demo.test';
    const earlier = await login(email, DEMO_PASSWORD);
    expect(earlier.statusCode).toBe(200);
    const earlierToken: string = earlier.json().access_token;

    // The answer does not wait for the mail server: it comes while the mail is still held there.
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const arriving = nextMail();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/recover',
      payload: { email: 'Manager2@Demo.test', language: 'en' },
    });
    expect(asked.statusCode).toBe(204);
    expect(received).toHaveLength(0);
    hold = undefined;
    release();
    const delivered = await arriving;

    expect(delivered.from).toBe('no-reply@portal.example.test');
    expect(delivered.to).toEqual([email]);
    const mail: ReadMail = await readRecoveryMail(delivered.raw);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Password recovery');
    expect(mail.text).toContain('Hello Monica,');
    expect(mail.link.origin + mail.link.pathname).toBe(
      'https://portal.example.test/en/password/recover/change',
    );

    // Following the link: the change page sends its token and address with the new password.
    const newPassword = 'Dal-Link-2026';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/password/recover',
      payload: { token: mail.token, email: mail.email, password: newPassword },
    });
    expect(changed.statusCode).toBe(204);

    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, newPassword)).statusCode).toBe(200);
    const old = await t.app.inject({ url: '/api/v1/tickets', headers: bearer(earlierToken) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('SESSION_ENDED');

    const twice = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/password/recover',
      payload: { token: mail.token, email: mail.email, password: 'Ancora-Una-2026' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('INVALID_RECOVERY_TOKEN');
    expect((await login(email, newPassword)).statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('sends nothing for an address no account has', async () => {
    const before = received.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/recover',
      payload: { email: 'nobody@demo.test' },
    });
    expect(asked.statusCode).toBe(204);
    await t.modules.passwordRecovery.service.settled();
    expect(received).toHaveLength(before);
  });
});
