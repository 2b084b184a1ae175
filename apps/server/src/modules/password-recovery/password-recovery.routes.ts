import { passwordRecoveryChangeSchema, passwordRecoveryRequestSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/openapi.ts';
import { preferredLanguage } from '../../shared/preferred-language.ts';
import type { PasswordRecoveryService } from './password-recovery.service.ts';

/** Password recovery is for people who cannot log in: both routes are public. */
export const passwordRecoveryPublicRoutes: FastifyPluginAsyncZod<{
  recovery: PasswordRecoveryService;
}> = async (app, { recovery }) => {
  // Mails still being sent go out before the app closes.
  app.addHook('onClose', () => recovery.settled());

  app.post(
    '/api/v1/password/recover',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Ask for a password recovery link by mail, valid for one hour, in `language` (else the ' +
          "browser's Accept-Language, else Italian). The answer is the same whether or not an account " +
          'has the address; requests are limited per address and per client.',
        body: passwordRecoveryRequestSchema,
        response: {
          204: z.null().describe('Accepted: if an account has this address, the mail is on its way'),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      await recovery.request({
        email: request.body.email,
        language: preferredLanguage(request.body.language, request.headers['accept-language']),
        clientAddress: request.ip,
        log: request.log,
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/password/recover',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with the mail's link (token and email): the link is used up and every " +
          'session of the user ends',
        body: passwordRecoveryChangeSchema,
        response: {
          204: z.null().describe('The password is changed'),
          ...errorResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      await recovery.change(request.body);
      return reply.code(204).send(null);
    },
  );
};
