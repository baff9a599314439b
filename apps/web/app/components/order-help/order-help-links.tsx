import { AMENDABLE_STATUSES, ORDER_LINK_HOURS, UPGRADABLE_STATUSES, type OrderLinkPurpose, type OrderStatus, type VatDocument } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Button, ButtonLink, buttonClasses } from '../ui/button.tsx';
import { vatDocumentFacts } from '../../lib/order-help/vat-documents.ts';
import { formsFor, ORDER_HELP_TITLES, orderHelpPath, PROOF_FIELDS, vatInvoicePath } from '../../lib/order-help/order-help.ts';
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
 * "Cancel items", "Return unwanted items"… as the order's status allows, each a link to its form's
 * page, which shows the order at once to whoever may change it: the signed-in customer (the
 * storefront's session) or the holder of the e-mailed link (its cookie). Then "Download VAT
 * invoice": a download, not a navigation, so the browser saves the PDF and the page stays. Who is
 * asking goes with each request in its cookies, never in a form field.
 */
export function OrderHelpActions({
  orderNumber,
  status,
  vatDocuments = [],
}: {
  orderNumber: string;
  status: OrderStatus;
  vatDocuments?: readonly VatDocument[];
}) {
  // After a change the invoice was replaced: every invoice and credit note of the order is listed to download.
  const earlier = vatDocuments.filter((document) => document.kind === 'credit_note' || document.replacedBy !== null);
  return (
    <HelpSection>
      <ul className="mt-3 flex flex-wrap gap-2">
        {formsFor(status).map((form) => (
          <li key={form}>
            <ButtonLink to={orderHelpPath(orderNumber, form)} variant="secondary" size="sm">
              {ORDER_HELP_TITLES[form]}
            </ButtonLink>
          </li>
        ))}
        <li>
          <form method="post" action={vatInvoicePath(orderNumber)}>
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Download VAT invoice
            </button>
          </form>
        </li>
      </ul>
      {earlier.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-bold text-navy-950">Invoices and credit notes</h3>
          <p className="text-sm text-navy-700">Each change to the order cancelled its invoice with a credit note and issued a new one.</p>
          <ul className="mt-2 divide-y divide-navy-100 text-sm">
            {vatDocuments.map((document) => (
              <li key={document.number} className="py-2">
                <form method="post" action={vatInvoicePath(orderNumber)}>
                  <input type="hidden" name="number" value={document.number} />
                  <button type="submit" className="font-semibold text-navy-900 underline underline-offset-2 hover:text-navy-700">
                    {document.kind === 'credit_note' ? `Download credit note ${document.number}` : `Download VAT invoice ${document.number}`}
                  </button>
                  <span className="block text-navy-700">{vatDocumentFacts(document)}</span>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </HelpSection>
  );
}

/** The same, on the signed-in customer's own order page (the account's order page). */
export const OrderHelpLinks = OrderHelpActions;

/** What a guest may still do to the order itself, and until when (the API's own windows: `AMENDABLE_STATUSES`, `UPGRADABLE_STATUSES`). */
const OFFERS: { purpose: Exclude<OrderLinkPurpose, 'manage'>; label: string; until: string; possible: (status: OrderStatus, collected: boolean) => boolean }[] =
  [
    {
      purpose: 'change',
      label: 'Change this order',
      until: 'Add or remove items, or change the delivery address, until we start picking it.',
      possible: (status) => AMENDABLE_STATUSES.includes(status),
    },
    {
      purpose: 'upgrade-delivery',
      label: 'Upgrade delivery',
      until: 'Choose a faster or specific-day delivery, until we dispatch it.',
      possible: (status, collected) => UPGRADABLE_STATUSES.includes(status) && !collected,
    },
  ];

/**
 * "Change this order" and "Upgrade delivery" while the order allows them, each saying until when.
 * From tracking (`emailAddress`, the address the order was found with), pressing one e-mails the
 * link for it to that address (decision 0049): the number and address alone change nothing. With the
 * link already held (the guest's order page), each leads straight to its page.
 */
export function OrderChangeOffers({
  orderNumber,
  status,
  collected,
  emailAddress,
}: {
  orderNumber: string;
  status: OrderStatus;
  collected: boolean;
  emailAddress?: string;
}) {
  const offers = OFFERS.filter((offer) => offer.possible(status, collected));
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="order-change-heading" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="order-change-heading" className="font-bold text-navy-950">
        Change this order or its delivery
      </h2>
      {emailAddress !== undefined && <p className="mt-2 text-sm text-navy-800">We e-mail you a link to do it, which works for {ORDER_LINK_HOURS} hours.</p>}
      <ul className="mt-3 space-y-3">
        {offers.map((offer) => (
          <li key={offer.purpose} className="flex flex-wrap items-center gap-3">
            {emailAddress === undefined ? (
              <ButtonLink to={`${orderHelpHome(orderNumber)}/${offer.purpose}`} variant="secondary" size="sm">
                {offer.label}
              </ButtonLink>
            ) : (
              <Form method="post" action={orderHelpHome(orderNumber)}>
                <input type="hidden" name={PROOF_FIELDS.intent} value="link" />
                <input type="hidden" name="purpose" value={offer.purpose} />
                <input type="hidden" name="emailAddress" value={emailAddress} />
                <Button type="submit" variant="secondary" size="sm">
                  {offer.label}
                </Button>
              </Form>
            )}
            <span className="text-sm text-navy-700">{offer.until}</span>
          </li>
        ))}
      </ul>
    </section>
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
