import { STATUS_CODES } from 'node:http';
import {
  ERROR_CATALOG,
  type ErrorBody,
  type ErrorCode,
  type FieldMessages,
  genericErrorCode,
} from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

function send(reply: FastifyReply, statusCode: number, code: ErrorCode, message: ErrorBody['message']) {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Field -> messages from a schema failure; the part of the request (body, query, params) is the fallback key. */
function fieldMessages(error: FastifyError): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.validation ?? []) {
    const key =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
    const messages = fields[key] ?? [];
    messages.push(issue.message ?? 'Invalid value');
    fields[key] = messages;
  }
  return fields;
}

/**
 * The one place an error becomes an answer. Expected failures keep their code and message; anything
 * unexpected is logged in full and answered with a bare 500, so internals never leak.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.fields ?? error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, 'VALIDATION_FAILED', fieldMessages(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // The framework's own messages can quote the request (a URL, a content type): never echo them.
      const code = genericErrorCode(status);
      return send(reply, status, code, ERROR_CATALOG[code].message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, 'INTERNAL_ERROR', 'Internal server error');
  });
});

export { send as sendError };
