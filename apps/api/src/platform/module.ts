import type { FastifyInstance } from 'fastify';
import type { Seed } from '../seed/seed.ts';

/** What a domain module hands the platform: its routes and, optionally, its demo seeds. */
export interface ApiModule {
  name: string;
  /** May be async: a module can load keys or state before its routes go live. */
  registerRoutes(app: FastifyInstance): void | Promise<void>;
  seeds?: readonly Seed[];
}
