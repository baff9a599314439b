import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { AnalyticsService } from './analytics.service.ts';

/**
 * Per visitor (the platform's limiter, by the visitor's address): a page sends a batch two seconds
 * after its first event and another as it is left, so one shopper moving quickly sends up to about
 * thirty a minute, and an office or a mobile network shows several shoppers under one address; a
 * script sending events in bulk is stopped, and what it did send was counted as one visitor's (a
 * batch counts each product or query once).
 */
export const EVENTS_LIMIT = { max: 120, timeWindow: '1 minute', groupId: 'analytics-events' };

export function registerAnalyticsRoutes(app: FastifyInstance, service: AnalyticsService): void {
  bindEndpoint(app, endpoints.updateActions, ({ ctx, body }) => service.updateActions(ctx, body), { rateLimit: EVENTS_LIMIT });
}
