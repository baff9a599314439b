import { redirect } from 'react-router';
import type { Route } from './+types/order-help-vat-invoice';
import { fetchVatInvoice, proofFrom } from '../lib/order-help/order-help.server.ts';
import { orderHelpHome } from '../lib/order-help/order-link.ts';
import { vatDocumentDownload } from '../lib/order-help/vat-document-download.server.ts';

/**
 * The invoice's address opened directly (a bookmark, a copied link): it is only ever posted, with the
 * order's proof, so the visitor goes to the order's own page, which shows the order to its owner or
 * the link's holder, asks anyone else for the address it was placed with, and is a 404 page for what
 * cannot be an order number. Without this loader the address answered React Router's JSON error.
 */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(orderHelpHome(params.orderNumber.trim()), 303);
}

/**
 * "Download VAT invoice": a plain form post, the order's proof in its cookies (decision 0049: the
 * storefront's session of the signed-in customer, or the e-mailed link's cookie), answered with the API's PDF as an
 * attachment, so the browser saves it and the page stays where it was. A refusal is said in the API's words.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const proof = proofFrom(request);
  if (!proof.accessToken && !proof.linkToken)
    return new Response('Your invoice could not be downloaded: you are not signed in. Sign in, or open the link we e-mailed, and try again.', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  // An earlier invoice or a credit note by its number (listed on the order page); the current invoice without one.
  const number = (await request.formData().catch(() => null))?.get('number');
  const answer = await fetchVatInvoice(proof, params.orderNumber.trim().toUpperCase(), typeof number === 'string' && number ? number : undefined);
  return vatDocumentDownload(answer, 'vat-invoice.pdf', 'Your invoice could not be downloaded. Please try again in a minute.');
}
