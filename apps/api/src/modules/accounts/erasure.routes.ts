import type { FastifyInstance } from 'fastify';
import { helpCentreEnquiryEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ErasureService } from './erasure.ts';

/** The staff's erasure calls: the plan (a preview of every store) and carrying it out. */
export function registerErasureRoutes(app: FastifyInstance, erasure: ErasureService): void {
  bindEndpoint(app, endpoints.getErasurePlan, ({ ctx, params }) => erasure.erasurePlan(ctx, params.reference));
  bindEndpoint(app, endpoints.carryOutErasure, ({ ctx, params }) => erasure.carryOutErasure(ctx, params.reference));
}
