import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_CATALOG,
  type ErrorBody,
  type ErrorCode,
  type FieldCodes,
  genericErrorCode,
} from '@portal/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error.ts';
import { securityHeaders } from './security-headers.ts';
import { fieldErrorsOf } from './validation.ts';

function bodyOf(
  statusCode: number,
  code: ErrorCode,
  message: ErrorBody['message'],
  fields?: FieldCodes,
): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message, ...(fields && { fields }) };
}

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: ErrorBody['message'],
  fields?: FieldCodes,
) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(bodyOf(statusCode, code, message, fields));
}

/** A framework error's answer: the catalog's own message, since Fastify's can quote the request. */
function sendGeneric(reply: FastifyReply, status: number) {
  const code = genericErrorCode(status);
  return send(reply, status, code, ERROR_CATALOG[code].message);
}

/**
 * The one place an error becomes an answer. Expected failures keep their code and message; anything
 * unexpected is logged in full and answered with a bare 500, so internals never leak.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(
        reply,
        error.statusCode,
        error.code,
        error.fields?.messages ?? error.message,
        error.fields?.codes,
      );
    }
    const fields = error.validation && fieldErrorsOf(error.validation, error.validationContext);
    if (fields) return send(reply, 400, 'VALIDATION_FAILED', fields.messages, fields.codes);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendGeneric(reply, status);
    request.log.error({ err: error }, 'unexpected error');
    return sendGeneric(reply, 500);
  });
});

/**
 * Answers Fastify gives before routing (a URL that does not decode, a too long parameter) and Node
 * gives for a request it cannot parse: the same body and security headers as every other answer.
 */
export const earlyErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    reply.headers(securityHeaders());
    sendGeneric(reply, error.statusCode ?? 400);
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify(bodyOf(status, 'BAD_REQUEST', ERROR_CATALOG.BAD_REQUEST.message));
    const headers = {
      ...securityHeaders(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  },
};
