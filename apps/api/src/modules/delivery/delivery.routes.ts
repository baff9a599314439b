import type { FastifyInstance } from 'fastify';
import { deliveryEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import * as service from './delivery.service.ts';

export function registerDeliveryRoutes(app: FastifyInstance): void {
  bindEndpoint(app, endpoints.getProductDeliveryOptions, ({ ctx, body }) => service.getProductDeliveryOptions(ctx, body));
}
