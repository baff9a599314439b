import { createHelpCentreOrdersClient } from '@shop/api-client';
import { ORDER_LINK_HEADER, type HelpRequestAccepted, type OrderLink, type OrderLinkPurpose, type OrderLinkSent, type OrderProducts } from '@shop/contracts';
import { apiBaseUrl, apiClientOptions, apiFetch, serviceClientOptions, visitorHeaders } from '../api.server.ts';
import { readShopSession } from '../auth/session.server.ts';
import { formLimitBytes } from '../uploads/posted-form.ts';
import { bodyFor, chosenLines, formText, type OrderHelpForm } from './order-help.ts';
import { orderLinkFromCookie } from './order-link.ts';

/**
 * Who is asking (decision 0049): the signed-in customer, from the storefront's session (decision
 * 0063), and the e-mailed link's token from its cookie, which only this order's pages get. The API
 * takes the customer's own order first, else the one the link opens.
 */
export interface OrderProof {
  /** The session's token, never one posted in a form. */
  accessToken: string | null;
  linkToken: string | null;
  /** Whose visit it is, for the API's per-visitor rate limit (`visitorHeaders`). */
  visitor: Record<string, string>;
}

export function proofFrom(request: Request): OrderProof {
  return {
    accessToken: readShopSession(request)?.accessToken ?? null,
    linkToken: orderLinkFromCookie(request.headers.get('cookie')),
    visitor: visitorHeaders(request),
  };
}

/** The link's token goes in its header, never in an address or a body (decision 0049). */
const proofHeaders = (proof: OrderProof) => ({ ...proof.visitor, ...(proof.linkToken ? { [ORDER_LINK_HEADER]: proof.linkToken } : {}) });
/** A service's client options calling with the visitor's proof: their session's token, and the link's in its header. */
export const proofClientOptions = (proof: OrderProof, service: string) => apiClientOptions(service, proofHeaders(proof), proof.accessToken ?? undefined);
export const orderHelpClient = (proof: OrderProof) => createHelpCentreOrdersClient(proofClientOptions(proof, 'help-centre'));

export function loadOrderProducts(proof: OrderProof, orderNumber: string): Promise<OrderProducts> {
  return orderHelpClient(proof).getOrderProducts({ params: { orderGuid: orderNumber } });
}

/** Asks the API to e-mail the order's link to the address it was placed with (404 when the pair does not match). */
export function requestOrderLink(request: Request, orderNumber: string, emailAddress: string, purpose: OrderLinkPurpose = 'manage'): Promise<OrderLinkSent> {
  const client = createHelpCentreOrdersClient(serviceClientOptions(request, 'help-centre'));
  return client.requestOrderLink({ params: { id: orderNumber }, body: { emailAddress, purpose } });
}

/** The order a link's token opens and until when (403 when it no longer works). */
export function openOrderLink(request: Request, token: string): Promise<OrderLink> {
  return orderHelpClient({ accessToken: null, linkToken: token, visitor: visitorHeaders(request) }).openOrderLink();
}

export type SentAnswer =
  | {
      kind: 'cancel';
      outcome: 'cancelled' | 'return';
      reference: string;
      returnReference: string | null;
      refundedPence: number;
      creditedToAccount: boolean;
      nextSteps: string[];
    }
  | { kind: 'return'; reference: string; returnReference: string; refundPence: number; nextSteps: string[] }
  | { kind: 'request'; reference: string; dueAt: string; team: string; nextSteps: string[] };

const request = (answer: HelpRequestAccepted): SentAnswer => ({ kind: 'request', ...answer });

/** Sends a form's request to its API call; throws the API's refusal. */
export async function sendOrderHelp(kind: OrderHelpForm, proof: OrderProof, orderNumber: string, form: FormData): Promise<SentAnswer> {
  const client = orderHelpClient(proof);
  const params = { id: orderNumber };
  switch (kind) {
    case 'cancel': {
      const answer = await client.cancelOrder({ params, body: bodyFor('cancel', form) as never });
      return { kind: 'cancel', ...answer };
    }
    case 'return': {
      const answer = await client.requestUnwantedItemsReturn({ params, body: bodyFor('return', form) as never });
      return { kind: 'return', ...answer };
    }
    case 'question':
      return request(await client.askOrderQuestion({ params, body: bodyFor('question', form) as never }));
    case 'amend':
      return request(await client.requestOrderAmendment({ params, body: bodyFor('amend', form) as never }));
    case 'refund-query':
      return request(await client.askAboutReturnedItemsRefund({ params, body: bodyFor('refund-query', form) as never }));
    case 'delivery-terms':
      return request(
        await client.confirmDeliveryTerms({
          body: {
            orderNumber,
            deliveryType: formText(form, 'deliveryType') as never,
            vehicleSize: formText(form, 'vehicleSize') as never,
            accessNotes: formText(form, 'accessNotes'),
          },
        }),
      );
    case 'report': {
      const body = new FormData();
      body.set('lines', JSON.stringify(chosenLines(form).map(({ position, quantity }) => ({ position, quantity }))));
      for (const name of ['issueType', 'description', 'podSignedDamaged']) {
        const value = form.get(name);
        if (typeof value === 'string') body.set(name, value);
      }
      for (const photo of form.getAll('photos')) if (typeof photo !== 'string' && photo.size > 0) body.append('photos', photo, photo.name);
      type Upload = (input: { params: { id: string }; body: FormData }) => Promise<HelpRequestAccepted>;
      return request(await (client.reportDamagedOrMissingItems as unknown as Upload)({ params, body }));
    }
  }
}

/** The order's VAT invoice from the API, as its response (a PDF attachment, or a problem). */
export function fetchVatInvoice(proof: OrderProof, orderNumber: string, documentNumber?: string): Promise<Response> {
  const query = documentNumber ? `?number=${encodeURIComponent(documentNumber)}` : '';
  return apiFetch(`${apiBaseUrl()}/help-centre/Order/${encodeURIComponent(orderNumber)}/vat-invoice${query}`, {
    method: 'POST',
    headers: { ...proofHeaders(proof), ...(proof.accessToken ? { authorization: `Bearer ${proof.accessToken}` } : {}) },
  });
}

/** Six photos and the fields around them: a larger post is refused before it is read (`tooLargeToRead`). */
export const MAX_REPORT_BYTES = formLimitBytes(6);
