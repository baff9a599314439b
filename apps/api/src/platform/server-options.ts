import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { trustedProxies, type ApiConfig } from '../config.ts';
import { requestLogger, ShopLogController, shopLoggerOptions, type LogDestination } from './request-log.ts';

const REQUEST_ID = /^[\w.-]{1,128}$/;
// Unique across instances without a random draw per request: a random prefix per process, then a count.
const REQUEST_ID_PREFIX = randomBytes(9).toString('base64url');
let requestCount = 0;

type ServerSettings = Pick<ApiConfig, 'logLevel' | 'slowRequestMs' | 'bodyLimitBytes' | 'trustProxy'>;

/**
 * What every Fastify server of the shop is built with, the API's and a storefront-only tier's alike
 * (decision 0004 for the headers that go with it, `installSecurityHeaders`): redacted JSON logs,
 * request ids, the same proxy trust and body limit.
 */
export function shopServerOptions(config: ServerSettings, options: { logger?: boolean; logDestination?: LogDestination } = {}): FastifyServerOptions {
  return {
    logger:
      options.logger === false
        ? false
        : {
            ...shopLoggerOptions(config.logLevel, options.logDestination),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-order-link"]', 'res.headers["set-cookie"]'],
          },
    // Honour a caller's request id (a load balancer's, the web tier's) so one id follows a request across tiers.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
      return `${REQUEST_ID_PREFIX}-${(++requestCount).toString(36)}`;
    },
    childLoggerFactory: requestLogger,
    logController: new ShopLogController(config.slowRequestMs),
    bodyLimit: config.bodyLimitBytes,
    // Behind a load balancer (TRUST_PROXY) its X-Forwarded-For is believed, and always a proxy's on
    // this machine. A visitor's own header is never believed; the storefront's server-side calls
    // name their visitor with the web tier's secret instead (platform/web-tier.ts, decision 0047).
    trustProxy: trustedProxies(config.trustProxy),
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
  };
}
