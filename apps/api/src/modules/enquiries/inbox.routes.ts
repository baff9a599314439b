import type { FastifyInstance } from 'fastify';
import { helpCentreInboxEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { EnquiriesService } from './enquiries.service.ts';

/** A customer writes back a few times a day; a flood from one client is not a conversation. */
const CUSTOMER_REPLY_LIMIT = { max: 10, timeWindow: '1 minute' };

/** The staff inbox and the customer's reply link (decision 0032). */
export function registerInboxRoutes(app: FastifyInstance, enquiries: EnquiriesService): void {
  bindEndpoint(app, endpoints.searchHelpRequests, ({ ctx, query }) => enquiries.searchInbox(ctx, query));
  bindEndpoint(app, endpoints.getHelpRequest, ({ ctx, params }) => enquiries.getInboxRequest(ctx, params.reference));
  bindEndpoint(app, endpoints.downloadHelpRequestFile, async ({ ctx, params, reply }) => {
    const file = await enquiries.openInboxFile(ctx, params.reference, params.fileId);
    return reply.headers(file.headers).send(file.body) as never;
  });
  bindEndpoint(app, endpoints.assignHelpRequest, ({ ctx, params, body }) => enquiries.assignInboxRequest(ctx, params.reference, body));
  bindEndpoint(app, endpoints.replyToHelpRequest, ({ ctx, params, body }) => enquiries.replyFromInbox(ctx, params.reference, body));
  bindEndpoint(app, endpoints.changeHelpRequestStatus, ({ ctx, params, body }) => enquiries.setInboxRequestStatus(ctx, params.reference, body));
  bindEndpoint(app, endpoints.closeHelpRequest, ({ ctx, params, body }) => enquiries.closeInboxRequest(ctx, params.reference, body));

  bindEndpoint(app, endpoints.getHelpReplyThread, ({ ctx, params }) => enquiries.replyThread(ctx, params.token));
  bindEndpoint(app, endpoints.sendHelpReply, ({ ctx, params, body }) => enquiries.addCustomerReply(ctx, params.token, body), {
    rateLimit: CUSTOMER_REPLY_LIMIT,
  });
}
