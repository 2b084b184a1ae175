import { DEFAULT_OPERATOR_BUSINESS, operatorBusinessSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BusinessRepository } from './business.repository.ts';

export const businessRoutes: FastifyPluginAsyncZod<{ businesses: BusinessRepository }> = async (
  app,
  { businesses },
) => {
  app.get(
    '/api/v1/operator',
    {
      schema: {
        tags: ['business'],
        summary: 'The operator business shown in the footer (public)',
        security: [],
        response: { 200: operatorBusinessSchema },
      },
    },
    async () => {
      const operator = await businesses.findOperator();
      if (!operator) return DEFAULT_OPERATOR_BUSINESS;
      const { name, street, cap, city, province, country, email, phone, logo } = operator;
      return { name, street, cap, city, province, country, email, phone, logo };
    },
  );
};
