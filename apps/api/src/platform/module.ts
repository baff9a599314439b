import type { FastifyInstance } from 'fastify';
import type { Seed } from '../seed/seed.ts';
import type { Job } from './jobs.ts';
import type { PersonalDataStore } from './personal-data.ts';

/**
 * What a domain module hands the platform: its routes and, optionally, its demo seeds and background
 * jobs. A module's `index.ts` builds it from the module's service (`createBasketModule({ basket })`),
 * and api.ts, which makes every service, lists them.
 */
export interface ApiModule {
  name: string;
  /** May be async: a module can load keys or state before its routes go live. */
  registerRoutes(app: FastifyInstance): void | Promise<void>;
  seeds?: readonly Seed[];
  /** Polling work the module needs done (an outbox, say): the composition root runs it on the platform's job runner. */
  jobs?(app: FastifyInstance): readonly Job[];
  /** The personal data the module holds about a person, and what erasure does to it (platform/personal-data.ts). */
  personalData?: readonly PersonalDataStore[];
}
