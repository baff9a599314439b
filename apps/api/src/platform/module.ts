import type { FastifyInstance } from 'fastify';
import type { Seed } from '../seed/seed.ts';

/** What a domain module hands the platform: its routes and, optionally, its demo seeds. */
export interface ApiModule {
  name: string;
  registerRoutes(app: FastifyInstance): void;
  seeds?: readonly Seed[];
}
