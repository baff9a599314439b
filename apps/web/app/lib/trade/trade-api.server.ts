import { createTradeClient, createTradeCreditClient, createTradeTermsClient, type TradeClient, type TradeCreditClient } from '@shop/api-client';
import type { TradeApplication, TradeBand } from '@shop/contracts';
import { serviceClientOptions } from '../api.server.ts';
import { sessionClientOptions, type ShopSession } from '../auth/session.server.ts';
import { staffClient } from '../auth/staff-page.server.ts';
import { bandsInOrder } from './bands.ts';
import { TRADE_REVIEW_ROLES } from './trade-paths.ts';
import { formLimitBytes } from '../uploads/posted-form.ts';
import type { PostedDocument } from './application-form.ts';

/**
 * The trade calls from the web tier, for the signed-in customer of the storefront's session
 * (decision 0063). Trade calls answer under the accounts service, the terms under projects.
 */
export const tradeClientFor = (request: Request, session: ShopSession): TradeClient => createTradeClient(sessionClientOptions(request, session, 'accounts'));

/** The trade calls for the signed-in member of staff, once they are known to review trade accounts. */
export const staffTradeClient = (request: Request): TradeClient => staffClient(request, TRADE_REVIEW_ROLES, 'accounts', createTradeClient);

/** The trade credit calls for the signed-in reviewer (the exposure report). */
export const staffTradeCreditClient = (request: Request): TradeCreditClient => staffClient(request, TRADE_REVIEW_ROLES, 'accounts', createTradeCreditClient);

/** The public terms call (cached by the API for a minute). */
export const tradeTermsClient = (request: Request) => createTradeTermsClient(serviceClientOptions(request, 'projects'));

/** The terms calls for the signed-in customer: whether they have accepted, and accepting (trade customers only; anyone else gets 403). */
export const tradeTermsClientFor = (request: Request, session: ShopSession) => createTradeTermsClient(sessionClientOptions(request, session, 'projects'));

/** The upload is multipart, which the typed client passes through as it is. */
type Upload = (input: { body: FormData }) => Promise<TradeApplication>;

/** Adds one proof document to the customer's open application. */
export function uploadDocument(client: TradeClient, document: PostedDocument): Promise<TradeApplication> {
  const body = new FormData();
  body.set('file', document.file, document.file.name || `document-${document.slot}`);
  body.set('kind', document.kind);
  return (client.uploadTradeApplicationDocument as unknown as Upload)({ body });
}

/** Adds each document to the open application; answers how many could not be added. */
export async function uploadAll(client: TradeClient, documents: readonly PostedDocument[]): Promise<number> {
  let notAdded = 0;
  for (const document of documents) {
    try {
      await uploadDocument(client, document);
    } catch {
      notAdded++;
    }
  }
  return notAdded;
}

/** The most a trade form may post (three documents): a larger one is refused unread (`tooLargeToRead`). */
export const MAX_TRADE_FORM_BYTES = formLimitBytes(3);

/**
 * The trade bands (public, cached by the API for a minute) for pages that describe them; an empty
 * list when the API does not answer, so a page says less rather than something untrue.
 */
export async function loadTradeBands(request: Request): Promise<TradeBand[]> {
  try {
    return await createTradeClient(serviceClientOptions(request, 'accounts')).getTradeBands();
  } catch {
    return [];
  }
}

/** The bands as staff's forms and filters list them, lowest first. */
export const staffTradeBands = async (request: Request) => bandsInOrder(await loadTradeBands(request));
