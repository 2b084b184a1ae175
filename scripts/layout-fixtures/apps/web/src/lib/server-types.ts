// web-uses-no-server-libraries
import type { FastifyInstance } from 'fastify';

export type Server = FastifyInstance;
