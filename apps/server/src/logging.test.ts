import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { accessLogServerOptions, loggerOptions, redactSecrets } from './logging.ts';

const SECRETS = ['vt-3f9a1c', 'gw-key-77b2', 'tok-5d1e0a', 'slicer-8c4b2f', 'fc-a1b2c3', 'Bearer hdr-9e8d7c'];

describe('redactSecrets', () => {
  it.each([
    ['/proxy/webcam/7/?action=stream&token=tok-5d1e0a', '/proxy/webcam/7/?action=stream&token=[REDACTED]'],
    ['/proxy/webcam/7/?video_token=vt-3f9a1c&x=1', '/proxy/webcam/7/?video_token=[REDACTED]&x=1'],
    ['/gateway/connect?key=gw-key-77b2', '/gateway/connect?key=[REDACTED]'],
    ['/x?%74oken=tok-5d1e0a', '/x?%74oken=[REDACTED]'],
    ['/x?access_token=a&api_key=b&Token=c', '/x?access_token=[REDACTED]&api_key=[REDACTED]&Token=[REDACTED]'],
    [
      '/customer/api/v1/duet/12/upload/slicer-8c4b2f/rr_upload?name=part.gcode',
      '/customer/api/v1/duet/12/upload/[REDACTED]/rr_upload?name=part.gcode',
    ],
    ['/customer/api/v1/duet/12/full_control/fc-a1b2c3/', '/customer/api/v1/duet/12/full_control/[REDACTED]/'],
    ['Route GET:/x?token=tok-5d1e0a not found', 'Route GET:/x?token=[REDACTED] not found'],
    ['/proxy/duet/3.6/admin/4/?ticket=eyJ.panel', '/proxy/duet/3.6/admin/4/?ticket=[REDACTED]'],
    ['/api/v1/machines/4/download?ticket=eyJ.file&x=1', '/api/v1/machines/4/download?ticket=[REDACTED]&x=1'],
  ])('redacts %s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('keeps URLs without credentials as they are', () => {
    for (const url of ['/api/v1/users/3', '/proxy/duet/3/rr_gcode?gcode=M115&x=%20y', '/?a=1&b=2']) {
      expect(redactSecrets(url)).toBe(url);
    }
  });
});

describe('loggerOptions', () => {
  it('logs one access line per answered request, with method, URL, status and time', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions({ logLevel: 'info' }, { pretty: false }),
        stream: { write: (line) => lines.push(line) },
      },
      ...accessLogServerOptions(),
    });
    onTestFinished(() => app.close());
    app.get('/api/v1/health', async () => ({ ok: true }));

    await app.inject({ url: '/api/v1/health?x=1' });
    await app.inject({ method: 'DELETE', url: '/api/v1/health' });

    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/health\?x=1 200 \d+ ms$/),
      expect.stringMatching(/^DELETE \/api\/v1\/health 404 \d+ ms$/),
    ]);
    expect(entries[0]).toMatchObject({ level: 30, req: { method: 'GET' }, res: { statusCode: 200 } });
  });

  it('with request lines off, logs only the requests that failed', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions({ logLevel: 'info' }, { pretty: false }),
        stream: { write: (line) => lines.push(line) },
      },
      ...accessLogServerOptions({ requests: false }),
    });
    onTestFinished(() => app.close());
    app.get('/api/v1/health', async () => ({ ok: true }));
    app.get('/api/v1/broken', async (_request, reply) => reply.code(503).send({ code: 'UNAVAILABLE' }));

    await app.inject({ url: '/api/v1/health' });
    await app.inject({ url: '/api/v1/missing' });
    await app.inject({ url: '/api/v1/broken' });

    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/broken 503 \d+ ms$/),
    ]);
  });

  it('logs requests through Fastify without any token from the query, the path or the headers', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...loggerOptions({ logLevel: 'info' }, { pretty: false }),
        stream: { write: (line) => lines.push(line) },
      },
      ...accessLogServerOptions(),
    });
    onTestFinished(() => app.close());
    // As the portal's error handler does: the error, with its message and stack, at error level.
    app.setErrorHandler(async (error, request, reply) => {
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ code: 'INTERNAL' });
    });
    app.get('/proxy/webcam/:id/', async () => 'frame');
    app.post('/customer/api/v1/duet/:id/upload/:token/*', async () => ({ done: true }));
    app.get('/customer/api/v1/duet/:id/full_control/:token/*', async (request) => {
      request.log.info(`handling ${request.url}`);
      throw new Error(`failed on ${request.url}`);
    });

    const responses = await Promise.all([
      app.inject({ url: '/proxy/webcam/7/?action=stream&video_token=vt-3f9a1c' }),
      app.inject({ url: '/proxy/webcam/7/?key=gw-key-77b2&token=tok-5d1e0a' }),
      app.inject({ method: 'POST', url: '/customer/api/v1/duet/12/upload/slicer-8c4b2f/rr_upload' }),
      app.inject({ url: '/customer/api/v1/duet/12/full_control/fc-a1b2c3/rr_model' }),
      app.inject({ url: '/missing?token=tok-5d1e0a', headers: { authorization: 'Bearer hdr-9e8d7c' } }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 500, 404]);

    const log = lines.join('');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
    const urls = lines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/proxy/webcam/7/?action=stream&video_token=[REDACTED]',
        '/customer/api/v1/duet/12/upload/[REDACTED]/rr_upload',
        '/missing?token=[REDACTED]',
      ]),
    );
    expect(log).toContain('GET /missing?token=[REDACTED] 404');
    expect(log).toContain('failed on /customer/api/v1/duet/12/full_control/[REDACTED]/rr_model');
  });
});
