import { loginBodySchema, loginResponseSchema, videoTokenResponseSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../shared/app-error.ts';
import { readBearer } from '../../shared/bearer.ts';
import { errorResponses } from '../../shared/openapi.ts';
import { sessionOf } from '../../shared/session.ts';
import type { AuthService } from './auth.service.ts';

/** Logging in needs no session; a session being renewed may come along to be ended. */
export const authPublicRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/v1/auth',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in: returns the session token and the webcam token. With the bearer token of a live session ' +
          'of the same user (a renewal), that session ends.',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const tokens = await auth.login(email, password, request.ip, readBearer(request));
      return { access_token: tokens.accessToken, video_token: tokens.videoToken };
    },
  );
};

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
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
      return reply.code(204).send(null);
    },
  );
};
