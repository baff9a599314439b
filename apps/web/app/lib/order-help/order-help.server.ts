import { createHelpCentreOrdersClient } from '@shop/api-client';
import type { HelpRequestAccepted, OrderProducts } from '@shop/contracts';
import { apiBaseUrl, visitorHeaders } from '../api.server.ts';
import { bodyFor, chosenLines, formText, PROOF_FIELDS, type OrderHelpForm } from './order-help.ts';

/** Who is asking: a signed-in customer's token (the server keeps none) or a guest's e-mail address. */
export interface OrderProof {
  accessToken: string | null;
  emailAddress: string | null;
  /** Whose visit it is, for the API's per-visitor rate limit (`visitorHeaders`). */
  visitor: Record<string, string>;
}

export function proofFrom(form: FormData, request: Request): OrderProof {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === 'string' && entry.trim() ? entry.trim() : null;
  };
  return { accessToken: value(PROOF_FIELDS.accessToken), emailAddress: value(PROOF_FIELDS.emailAddress), visitor: visitorHeaders(request) };
}

const helpOrdersBase = () => `${apiBaseUrl()}/help-centre`;
export const orderHelpClient = (proof: OrderProof) =>
  createHelpCentreOrdersClient({ baseUrl: helpOrdersBase(), headers: proof.visitor, getAccessToken: () => proof.accessToken ?? undefined });

const guest = (proof: OrderProof) => (proof.emailAddress ? { emailAddress: proof.emailAddress } : {});

export function loadOrderProducts(proof: OrderProof, orderNumber: string): Promise<OrderProducts> {
  return orderHelpClient(proof).getOrderProducts({ params: { orderGuid: orderNumber }, query: guest(proof) });
}

export type SentAnswer =
  | { kind: 'cancel'; outcome: 'cancelled' | 'return'; reference: string; returnReference: string | null; refundedPence: number; nextSteps: string[] }
  | { kind: 'return'; reference: string; returnReference: string; refundPence: number; nextSteps: string[] }
  | { kind: 'request'; reference: string; dueAt: string; team: string; nextSteps: string[] };

const request = (answer: HelpRequestAccepted): SentAnswer => ({ kind: 'request', ...answer });

/** Sends a form's request to its API call; throws the API's refusal. */
export async function sendOrderHelp(kind: OrderHelpForm, proof: OrderProof, orderNumber: string, form: FormData): Promise<SentAnswer> {
  const client = orderHelpClient(proof);
  const params = { id: orderNumber };
  const proofBody = guest(proof);
  switch (kind) {
    case 'cancel': {
      const answer = await client.cancelOrder({ params, body: { ...proofBody, ...bodyFor('cancel', form) } as never });
      return { kind: 'cancel', ...answer };
    }
    case 'return': {
      const answer = await client.requestUnwantedItemsReturn({ params, body: { ...proofBody, ...bodyFor('return', form) } as never });
      return { kind: 'return', ...answer };
    }
    case 'question':
      return request(await client.askOrderQuestion({ params, body: { ...proofBody, ...bodyFor('question', form) } as never }));
    case 'amend':
      return request(await client.requestOrderAmendment({ params, body: { ...proofBody, ...bodyFor('amend', form) } as never }));
    case 'refund-query':
      return request(await client.askAboutReturnedItemsRefund({ params, body: { ...proofBody, ...bodyFor('refund-query', form) } as never }));
    case 'delivery-terms':
      return request(
        await client.confirmDeliveryTerms({
          body: {
            ...proofBody,
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
      if (proof.emailAddress) body.set('emailAddress', proof.emailAddress);
      for (const photo of form.getAll('photos')) if (typeof photo !== 'string' && photo.size > 0) body.append('photos', photo, photo.name);
      type Upload = (input: { params: { id: string }; body: FormData }) => Promise<HelpRequestAccepted>;
      return request(await (client.reportDamagedOrMissingItems as unknown as Upload)({ params, body }));
    }
  }
}

/** The order's VAT invoice from the API, as its response (a PDF attachment, or a problem). */
export function fetchVatInvoice(proof: OrderProof, orderNumber: string): Promise<Response> {
  const query = proof.emailAddress ? `?emailAddress=${encodeURIComponent(proof.emailAddress)}` : '';
  return fetch(`${helpOrdersBase()}/Order/${encodeURIComponent(orderNumber)}/vat-invoice${query}`, {
    method: 'POST',
    headers: { ...proof.visitor, ...(proof.accessToken ? { authorization: `Bearer ${proof.accessToken}` } : {}) },
  });
}

/** Six photos of 5 MB and the fields around them: a larger post is refused before it is read. */
export const MAX_REPORT_BYTES = 6 * 5 * 1024 * 1024 + 256 * 1024;
