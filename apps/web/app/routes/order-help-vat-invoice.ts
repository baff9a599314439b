import type { Route } from './+types/order-help-vat-invoice';
import { fetchVatInvoice, proofFrom } from '../lib/order-help/order-help.server.ts';

/**
 * "Download VAT invoice": a plain form post with the order's proof (decision 0049: the signed-in
 * customer's token in the form, or the e-mailed link's cookie), answered with the API's PDF as an
 * attachment, so the browser saves it and the page stays where it was. A refusal is said in the API's words.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const proof = proofFrom(await request.formData(), request);
  if (!proof.accessToken && !proof.linkToken)
    return new Response('Your invoice could not be downloaded: the page had not finished loading. Go back and try again.', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const answer = await fetchVatInvoice(proof, params.orderNumber.trim().toUpperCase());
  if (!answer.ok) {
    const problem = (await answer.json().catch(() => null)) as { detail?: string } | null;
    return new Response(problem?.detail ?? 'Your invoice could not be downloaded. Please try again in a minute.', {
      status: answer.status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(answer.body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': answer.headers.get('content-disposition') ?? 'attachment; filename="vat-invoice.pdf"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
