import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WEB_TIER_HEADERS } from '@shop/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * A call the web tier makes for no visitor, with the secret: a kept guest page's answers asked again with their ETags
     * (decision 0162). A guest sent a kept page spends no budget (decision 0077), so neither does its check; nor does the
     * web tier's own address, which a proxy on its machine may share with every visitor.
     */
    webTierCheck: boolean;
  }
}

/**
 * The storefront's server calls the API for its visitors: every page's loaders, every form. It says
 * whose visit a call is for, with the secret the two tiers share (WEB_TIER_SECRET); that visitor's
 * address then becomes the call's `request.ip`, so the call counts against the visitor's rate-limit
 * budget (and a helpful vote is theirs), not against the web tier's one address. Without the secret
 * the address is ignored: no caller picks its own budget. Docs: docs/scaling.md, decision 0047.
 */
export function believeWebTierVisitors(app: FastifyInstance, secret: string): void {
  const expected = Buffer.from(secret);
  app.decorateRequest('webTierCheck', false);
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    const sent = request.headers[WEB_TIER_HEADERS.secret];
    // A browser's call carries neither header: one lookup and on.
    if (sent === undefined) return done();
    const visitor = request.headers[WEB_TIER_HEADERS.visitor];
    if (typeof sent === 'string' && sameSecret(sent, expected)) {
      if (request.headers[WEB_TIER_HEADERS.check] !== undefined) request.webTierCheck = true;
      // Shadows Fastify's `ip` getter on this request only; a value that is no address is not believed.
      else if (typeof visitor === 'string' && isIP(visitor)) Object.defineProperty(request, 'ip', { value: visitor });
    } else if (!warned) {
      // Once: a web tier with another secret would otherwise say so on every page.
      warned = true;
      request.log.warn('A call carried a web-tier secret that is not this API’s, so its visitor is not believed: give both tiers the same WEB_TIER_SECRET.');
    }
    done();
  });
}

/** Whether the call is the web tier's for no visitor: a kept page's check (`believeWebTierVisitors`). */
export const isWebTierCheck = (request: FastifyRequest): boolean => request.webTierCheck;

function sameSecret(sent: string, expected: Buffer): boolean {
  const candidate = Buffer.from(sent);
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
