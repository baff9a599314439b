import { data } from 'react-router';
import type { Route } from './+types/staff-order-vat-document';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { vatDocumentDownload } from '../lib/order-help/vat-document-download.server.ts';
import { ORDER_ROLES } from '../lib/staff-orders/orders.ts';

/**
 * One of an order's VAT invoices or credit notes as a PDF, for the member of staff signed in (decision
 * 0068: made by the server at an address of its own, so the order page's link saves it with or without
 * scripts). A refusal (another order's number, too many downloads) is said in the API's words, as plain text.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const number = params.number
    .trim()
    .toUpperCase()
    .replace(/\.PDF$/, '');
  if (!/^(INV|CN)-\d{7}$/.test(number)) throw data(null, { status: 404 });
  const options = staffClient(request, ORDER_ROLES, 'orders', (made) => made);
  const token = options.getAccessToken?.();
  const answer = await options.fetch(`${options.baseUrl}/Staff/Orders/${encodeURIComponent(orderNumber)}/VatDocuments/${number}`, {
    headers: { ...options.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (answer.status >= 500) throw new Error(`The ${number} PDF could not be made: ${answer.status}`);
  return vatDocumentDownload(answer, `${number}.pdf`, 'That document could not be downloaded. Please try again in a minute.');
}
