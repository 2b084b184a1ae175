import { loginBodySchema, loginResponseSchema, PROXY_COOKIE } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/openapi.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/api/v1/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in: returns the session token and the webcam token, and sets the /proxy cookie',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const session = await auth.login(request.body.email, request.body.password, request.ip);
      // Frames and <img> cannot send headers: the proxy reads the session from this cookie instead.
      reply.setCookie(PROXY_COOKIE, session.accessToken, {
        path: '/proxy',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        expires: session.expiresAt,
      });
      return { access_token: session.accessToken, video_token: session.videoToken };
    },
  );

  app.delete(
    '/api/v1/auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: clears the /proxy cookie',
        response: { 204: z.null().describe('Logged out') },
      },
    },
    async (_request, reply) => {
      reply.clearCookie(PROXY_COOKIE, { path: '/proxy' });
      return reply.code(204).send(null);
    },
  );
};
