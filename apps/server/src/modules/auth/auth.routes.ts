import { fastifyCookie } from '@fastify/cookie';
import {
  loginAnswerSchema,
  loginBodySchema,
  loginResponseSchema,
  sessionSettingsSchema,
  videoTokenResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../shared/app-error.ts';
import { readBearer } from '../../shared/bearer.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { AuthService, IssuedSession } from './auth.service.ts';
import {
  DEVICE_COOKIE,
  RENEWAL_COOKIE,
  RENEWAL_PATH,
  type SignInCookies,
  sessionAnswer,
} from './session-answer.ts';
import type { SecondStep, SignInService } from './sign-in.service.ts';

const isSecondStep = (outcome: IssuedSession | SecondStep): outcome is SecondStep => 'challenge' in outcome;

interface AuthRouteOptions {
  auth: AuthService;
  signIn: SignInService;
  cookies: SignInCookies;
}

/**
 * Logging in needs no session (one being renewed by password may come along to be ended); renewing needs the
 * renewal cookie and the session's token, which may just have run out.
 */
export const authPublicRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (
  app,
  { auth, signIn, cookies },
) => {
  await app.register(fastifyCookie);
  app.post(
    '/api/v1/auth',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in: returns the session token and the webcam token. With the bearer token of a live session ' +
          'of the same user (a renewal), that session ends. A user with two-factor sign-in (or required to set ' +
          'it up) gets instead `two_factor` and a challenge for POST /api/v1/auth/two-factor. A sign-in sets the ' +
          'device cookie; presented again for the same account, its attempts are limited per device, not by ' +
          'failures from elsewhere.',
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const outcome = await signIn.login(email, password, {
        address: request.ip,
        replacedToken: readBearer(request),
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      if (isSecondStep(outcome)) return { two_factor: outcome.step, challenge: outcome.challenge };
      return sessionAnswer(reply, outcome, cookies);
    },
  );

  app.post(
    RENEWAL_PATH,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Renew a session in use before its token runs out: the bearer token (current or just expired) and the ' +
          'renewal cookie set at login; answers new tokens and replaces the cookie. A replaced cookie coming ' +
          'back ends the session',
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const token = readBearer(request);
      if (!token) throw unauthenticated();
      return sessionAnswer(reply, await auth.renew(token, request.cookies[RENEWAL_COOKIE]), cookies);
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { auth, cookies }) => {
  await app.register(fastifyCookie);
  app.post(
    '/api/v1/auth/video-token',
    {
      schema: {
        tags: ['auth'],
        summary:
          'A fresh webcam token (minutes long, never past the session): the page renews it while it watches',
        response: { 200: videoTokenResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // The authenticated scope has checked the bearer already; it is read again for its expiry.
      const token = readBearer(request);
      if (!token) throw unauthenticated();
      return { video_token: await auth.renewVideoToken(token) };
    },
  );

  app.delete(
    '/api/v1/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: the session and its tokens stop working at once',
        response: { 204: z.null().describe('Logged out'), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await auth.logout(sessionOf(request));
      reply.clearCookie(RENEWAL_COOKIE, cookies.renewal);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/settings/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'How long a session may be renewed from its login (administrators)',
        response: { 200: sessionSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => auth.sessionSettings(sessionOf(request)),
  );

  app.put(
    '/api/v1/settings/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set how long a session may be renewed from its login (administrators); new sessions use it',
        body: sessionSettingsSchema,
        response: { 200: sessionSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => auth.saveSessionSettings(sessionOf(request), request.body),
  );
};
