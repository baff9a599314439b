import { ORDER_LINK_HOURS, type OrderStatus } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { Button, ButtonLink, buttonClasses } from '../ui/button.tsx';
import { formsFor, ORDER_HELP_TITLES, orderHelpPath, PROOF_FIELDS, vatInvoicePath, type OrderHelpForm } from '../../lib/order-help/order-help.ts';
import { orderHelpHome } from '../../lib/order-help/order-link.ts';

function HelpSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="order-help-heading" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="order-help-heading" className="font-bold text-navy-950">
        Help with this order
      </h2>
      {children}
    </section>
  );
}

/**
 * The forms the order's status allows, each opened by `renderOpener`, then "Download VAT invoice": a
 * download, not a navigation, so the browser saves the PDF and the page stays. `proof` goes in its form.
 */
function HelpList({
  orderNumber,
  status,
  renderOpener,
  proof,
}: {
  orderNumber: string;
  status: OrderStatus;
  renderOpener: (form: OrderHelpForm) => ReactNode;
  proof?: ReactNode;
}) {
  return (
    <HelpSection>
      <ul className="mt-3 flex flex-wrap gap-2">
        {formsFor(status).map((form) => (
          <li key={form}>{renderOpener(form)}</li>
        ))}
        <li>
          <form method="post" action={vatInvoicePath(orderNumber)}>
            {proof}
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Download VAT invoice
            </button>
          </form>
        </li>
      </ul>
    </HelpSection>
  );
}

/**
 * For the signed-in customer's own order (the account's order page): "Cancel items", "Return
 * unwanted items"… as its status allows, each a small form posting the customer's access token
 * (put in by the page's scripts), so the form page can show the order at once.
 */
export function OrderHelpLinks({ orderNumber, status }: { orderNumber: string; status: OrderStatus }) {
  const { user } = useShopAuth();
  const proof = <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />;
  return (
    <HelpList
      orderNumber={orderNumber}
      status={status}
      proof={proof}
      renderOpener={(form) => (
        <Form method="post" action={orderHelpPath(orderNumber, form)}>
          {proof}
          <input type="hidden" name={PROOF_FIELDS.intent} value="open" />
          <button type="submit" className={buttonClasses('secondary', 'sm')}>
            {ORDER_HELP_TITLES[form]}
          </button>
        </Form>
      )}
    />
  );
}

/**
 * For a guest who found the order with its number and e-mail address (order tracking): changing it
 * takes the link we e-mail to that address (decision 0049), asked for here. The address they typed
 * goes back in a hidden field, never in an address.
 */
export function OrderLinkRequest({ orderNumber, emailAddress }: { orderNumber: string; emailAddress: string }) {
  return (
    <HelpSection>
      <p className="mt-2 text-sm text-navy-800">
        To cancel or return items, report a problem, ask about this order or change it, we e-mail you a link to manage it. It works for {ORDER_LINK_HOURS}{' '}
        hours.
      </p>
      <Form method="post" action={orderHelpHome(orderNumber)} className="mt-3">
        <input type="hidden" name={PROOF_FIELDS.intent} value="link" />
        <input type="hidden" name="emailAddress" value={emailAddress} />
        <Button type="submit" variant="secondary" size="sm">
          E-mail me a link to manage this order
        </Button>
      </Form>
    </HelpSection>
  );
}

/** For the holder of the e-mailed link, on the order's own page: its cookie is the proof, so each form is a plain link. */
export function OrderHelpActions({ orderNumber, status }: { orderNumber: string; status: OrderStatus }) {
  return (
    <HelpList
      orderNumber={orderNumber}
      status={status}
      renderOpener={(form) => (
        <ButtonLink to={orderHelpPath(orderNumber, form)} variant="secondary" size="sm">
          {ORDER_HELP_TITLES[form]}
        </ButtonLink>
      )}
    />
  );
}
