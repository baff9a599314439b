import type { OrderStatus } from '@shop/contracts';
import { Form } from 'react-router';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { buttonClasses } from '../ui/button.tsx';
import { formsFor, ORDER_HELP_TITLES, orderHelpPath, PROOF_FIELDS, vatInvoicePath } from '../../lib/order-help/order-help.ts';

/**
 * "Cancel items", "Return unwanted items"… for an order, as its status allows. Each is a small form
 * posting the order's proof (decision 0031): the signed-in customer's token, or for a guest the
 * e-mail address from the tracking form, in a hidden field so it never appears in an address.
 * The VAT invoice downloads from its own form.
 */
export function OrderHelpLinks({ orderNumber, status, emailAddress }: { orderNumber: string; status: OrderStatus; emailAddress?: string }) {
  const { user } = useShopAuth();
  const proof = (
    <>
      {emailAddress ? (
        <input type="hidden" name={PROOF_FIELDS.emailAddress} value={emailAddress} />
      ) : (
        <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />
      )}
    </>
  );
  return (
    <section aria-labelledby="order-help-heading" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="order-help-heading" className="font-bold text-navy-950">
        Help with this order
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {formsFor(status).map((form) => (
          <li key={form}>
            <Form method="post" action={orderHelpPath(orderNumber, form)}>
              {proof}
              <input type="hidden" name={PROOF_FIELDS.intent} value="open" />
              <button type="submit" className={buttonClasses('secondary', 'sm')}>
                {ORDER_HELP_TITLES[form]}
              </button>
            </Form>
          </li>
        ))}
        <li>
          {/* A download, not a navigation: the browser saves the PDF and the page stays. */}
          <form method="post" action={vatInvoicePath(orderNumber)}>
            {proof}
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Download VAT invoice
            </button>
          </form>
        </li>
      </ul>
    </section>
  );
}
