import {
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from './config.ts';

const REDACTED = '[REDACTED]';

/** Query parameters that carry credentials: `token`, `video_token`, panel and download `ticket`s, the gateways' `key`, and their kin. */
const SECRET_PARAMETER = /token|ticket|key|secret|passw|signature|auth|session|jwt/i;
/** `name=value` after `?`, `&` or `;`, in a URL or in any text that quotes one. */
const PARAMETER = /([?&;])([^=&;?#\s"'`]+)=([^&;#\s"'`]*)/g;
/** The slicer URLs carry their token in the path: `/duet/{id}/upload/{token}/`, `/duet/{id}/full_control/{token}/`. */
const PATH_TOKEN = /(\/duet\/[^/?#\s]+\/(?:upload|full_control)\/)[^/?#\s"'`]+/gi;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** The text with every credential a URL can carry replaced by [REDACTED]; everything else is kept as sent. */
export function redactSecrets(text: string): string {
  return text
    .replace(PATH_TOKEN, `$1${REDACTED}`)
    .replace(PARAMETER, (whole, separator: string, name: string) =>
      SECRET_PARAMETER.test(decoded(name)) ? `${separator}${name}=${REDACTED}` : whole,
    );
}

/** Fastify's own request serializer, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactSecrets(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Errors can quote a URL too (Fastify's "reply already sent" does). */
function serializeError(error: Error) {
  const serialized = stdSerializers.err(error);
  return {
    ...serialized,
    message: redactSecrets(serialized.message),
    stack: redactSecrets(serialized.stack),
  };
}

/**
 * The server's logger: the configured level, readable lines for a person at a terminal and JSON lines
 * for log collectors, and no credentials: neither in headers nor in URLs, wherever a URL is logged.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  { pretty = Boolean(process.stdout.isTTY) }: { pretty?: boolean } = {},
): FastifyLoggerOptions & LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest, err: serializeError },
    hooks: {
      // Messages such as Fastify's "Route GET:/… not found" quote the raw URL.
      logMethod(args, method) {
        const redacted = args.map((arg: unknown) => (typeof arg === 'string' ? redactSecrets(arg) : arg));
        return method.apply(this, redacted as Parameters<typeof method>);
      },
    },
    ...(pretty && {
      transport: {
        target: 'pino-pretty',
        // The access line's message already says what req, res and responseTime hold.
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime' },
      },
    }),
  };
}

/**
 * Fastify logs every request twice at info (received, completed); the portal logs one access line once it is
 * answered: method, URL (redacted by the logger), status and time, the same as fields for log collectors. With
 * `requests` off (`LOG_REQUESTS=false`, what `npm start` chooses for the demo) only failures get one: an error, or an
 * answer of 500 and above. The other lines Fastify's controller writes (stream and serializer errors) stay as they are.
 */
class AccessLog extends LogController {
  readonly #requests: boolean;

  constructor(requests: boolean) {
    super();
    this.#requests = requests;
  }

  override incomingRequest(): void {}

  /** The access line says 404 already. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!this.#requests && !error && reply.statusCode < 500) return;
    const milliseconds = Math.round(reply.elapsedTime);
    const line = `${request.method} ${request.url} ${reply.statusCode} ${milliseconds} ms`;
    const fields = { req: request, res: reply, responseTime: milliseconds };
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log.info(fields, line);
  }
}

/** The server options of the access log: a line per request, or (`requests` false) per failed one only. */
export const accessLogServerOptions = ({
  requests = true,
}: {
  requests?: boolean;
} = {}): Pick<FastifyServerOptions, 'logController'> => ({
  logController: new AccessLog(requests),
});
