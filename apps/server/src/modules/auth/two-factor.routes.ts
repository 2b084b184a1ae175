import { fastifyCookie } from '@fastify/cookie';
import {
  idParamsSchema,
  twoFactorCodeBodySchema,
  twoFactorLoginBodySchema,
  twoFactorLoginResponseSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSettingsSchema,
  twoFactorSetupBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBearer } from '../../shared/bearer.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import { DEVICE_COOKIE, type SignInCookies, sessionAnswer } from './session-answer.ts';
import type { SignInService } from './sign-in.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

interface TwoFactorRouteOptions {
  twoFactor: TwoFactorService;
  signIn: SignInService;
  cookies: SignInCookies;
}

/** The second step of a sign-in (docs/design.md §10): public, the challenge of a right password is the proof. */
export const twoFactorPublicRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (
  app,
  { signIn, cookies },
) => {
  await app.register(fastifyCookie);
  app.post(
    '/api/v1/auth/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Second step of a sign-in: the challenge and a code of the authenticator app or a recovery code ' +
          '(each once); for a set-up challenge the first code of the new secret, answered with the recovery ' +
          "codes. Wrong codes count in the login limits (the device cookie's own, when it is presented)",
        body: twoFactorLoginBodySchema,
        response: { 200: twoFactorLoginResponseSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const issued = await signIn.completeTwoFactor(challenge, code, {
        address: request.ip,
        replacedToken: readBearer(request),
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      return sessionAnswer(reply, issued, cookies);
    },
  );

  app.post(
    '/api/v1/auth/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The set-up a required second factor asks for at sign-in: a new secret for the set-up challenge ' +
          '(confirmed by POST /api/v1/auth/two-factor)',
        body: twoFactorSetupBodySchema,
        response: { 200: twoFactorSetupSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => signIn.setupAtSignIn(request.body.challenge),
  );
};

/** One's own second factor, an administrator's reset of another's, and the requirement. */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { twoFactor }) => {
  app.get(
    '/api/v1/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          "One's own two-factor sign-in: on or off, recovery codes left, whether one's role requires it",
        response: { 200: twoFactorStatusSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => twoFactor.status(sessionOf(request)),
  );

  app.post(
    '/api/v1/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start setting up two-factor sign-in: a new secret, pending until a code confirms it',
        response: { 200: twoFactorSetupSchema, ...errorResponses(401, 403, 409) },
      },
    },
    (request) => twoFactor.startSetup(sessionOf(request)),
  );

  app.post(
    '/api/v1/two-factor/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor sign-in on with a code of the new secret; answers the recovery codes, once',
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorRecoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    (request) => twoFactor.confirm({ viewer: sessionOf(request), address: request.ip }, request.body.code),
  );

  app.post(
    '/api/v1/two-factor/disable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn one’s two-factor sign-in off, with a current code of the app',
        body: twoFactorCodeBodySchema,
        response: { 204: z.null().describe('Off'), ...errorResponses(400, 401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      await twoFactor.disable({ viewer: sessionOf(request), address: request.ip }, request.body.code);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v1/users/:id/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "Reset a user's second factor (administrators): their next sign-in asks the password alone",
        params: idParamsSchema,
        response: { 204: z.null().describe('Reset'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await twoFactor.reset(sessionOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/settings/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether administrators and technicians must sign in with a second factor (administrators)',
        response: { 200: twoFactorSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => twoFactor.settings(sessionOf(request)),
  );

  app.put(
    '/api/v1/settings/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Require a second factor of administrators and technicians (administrators); one without it sets it ' +
          'up at the next sign-in',
        body: twoFactorSettingsSchema,
        response: { 200: twoFactorSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => twoFactor.saveSettings(sessionOf(request), request.body),
  );
};
