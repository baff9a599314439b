import type { ShopDetails } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link, linkClasses } from '../components/ui/link.tsx';
import { helpPath } from '../lib/help-topics.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { addressLine, companyLine } from '../lib/shop-details.ts';
import { DELIVERY_RATES, formatPenceShort } from '@shop/contracts';
import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  DAMAGE_REPORT_HOURS,
  MISSING_REPORT_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
} from '../lib/shop-facts.ts';

// The shop's terms of sale (the privacy and cookie notices are content pages, decision 0132), written
// for a UK online retailer selling to consumers (Consumer Contracts Regulations 2013, Consumer Rights
// Act 2015) and kept to what the shop does: card payments through its payment provider, delivery or collection,
// 30-day change-of-mind returns on top of the 14-day right to cancel (docs/domain.md §8). Each section
// has an id, so other pages and e-mails can link to it.

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

/** When the words last changed: shown on each page, so a customer can tell which version applied. */
export const LEGAL_PAGES_UPDATED = '2026-11-25';

const Tel = ({ shop }: { shop: ShopDetails }) => (
  <a href={shop.phone.uri} className={linkClasses}>
    {shop.phone.display}
  </a>
);
const Mail = ({ address }: { address: string }) => (
  <a href={`mailto:${address}`} className={linkClasses}>
    {address}
  </a>
);
/** "call us on 0113 496 0000 (Monday to Friday…), e-mail help@… or write to us at …". */
const HowToReachUs = ({ shop }: { shop: ShopDetails }) => (
  <>
    call us on <Tel shop={shop} /> ({shop.openingHours}), e-mail <Mail address={shop.email} /> or write to us at {shop.legalName}, {addressLine(shop)}
  </>
);

export function termsOfSale(shop: ShopDetails): LegalSection[] {
  return [
    {
      id: 'about-us',
      heading: 'About us',
      body: (
        <>
          <p>{companyLine(shop)}</p>
          <p>
            To contact us, <HowToReachUs shop={shop} />.
          </p>
        </>
      ),
    },
    {
      id: 'these-terms',
      heading: 'These terms',
      body: (
        <>
          <p>
            These terms apply when you buy from us on this website. Please read them before you order: by paying, you agree to them. If you buy as a consumer
            (for yourself, not for a business), you also have rights in law that these terms do not take away; where we mention them, we sum them up, and
            nothing here affects them.
          </p>
          <p>
            If you buy for a business,{' '}
            <a href="#business-customers" className={linkClasses}>
              the section on business customers
            </a>{' '}
            says what is different for you. Trade account holders also buy on <Link to={TRADE_PATHS.terms}>our trade terms</Link>, which they accept before
            their first trade order.
          </p>
        </>
      ),
    },
    {
      id: 'your-order',
      heading: 'Your order and our contract',
      body: (
        <>
          <p>
            Before you pay, checkout shows what you are buying, the price of each item including VAT, the delivery or collection you chose and its charge, and
            the total. You can go back and change any of them until you pay.
          </p>
          <p>
            When your payment has gone through we give you an order number (it starts BP) and e-mail you a confirmation. Our contract with you starts when we
            send that confirmation.
          </p>
          <p>
            We hold your items for you while you pay. If we cannot place your order once your payment has gone through (for example, because an item sold out in
            the meantime), we refund the payment in full straight away and there is no contract.
          </p>
        </>
      ),
    },
    {
      id: 'prices-and-payment',
      heading: 'Prices and payment',
      body: (
        <>
          <p>
            Prices are in pounds sterling and include VAT at the current rate (20% on almost everything we sell). Delivery charges are added at checkout before
            you pay. Where an item is on offer we show its earlier price and the saving.
          </p>
          <p>
            You pay by debit or credit card (Visa, Mastercard or American Express) when you place your order. Card details go straight to our payment provider
            through its secure form; we never see or keep your full card number. Your bank may ask you to confirm the payment (3-D Secure).
          </p>
          <p>
            A discount code works on the conditions shown with it (such as a minimum spend, an end date or once per customer), takes effect at checkout, and
            cannot be exchanged for cash. If you cancel an order before it is dispatched, a code you used can be used again while its offer runs.
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      heading: 'Delivery and collection',
      body: (
        <>
          <p>
            Our <Link to={helpPath('delivery')}>delivery information</Link> lists the delivery options, their prices and timings, and the extra charges and days
            for the Scottish Highlands and islands and Northern Ireland. Checkout shows the options for your basket and postcode, and tells you if we cannot
            deliver an item there. Where checkout offers it, you can collect your order from our trade counter instead; we e-mail you when it is ready.
          </p>
          <p>
            A delivery date you choose (a specific day or Saturday) is the day we deliver; other timings are our estimate and we will deliver within 30 days of
            your order unless we agree otherwise. If we cannot, you may cancel and we refund you in full.
          </p>
          <p>
            Large items are delivered to the kerbside: please have two people ready to unload, and make sure a large vehicle can reach your address. Check every
            item before you sign for it, or sign for it as “unchecked” or “damaged”. Tell us about damage within {DAMAGE_REPORT_HOURS} hours and missing items
            within {MISSING_REPORT_DAYS} days, so we can put it right quickly; this does not shorten your legal rights. Please do not book an installer until
            your goods have arrived and you have checked them.
          </p>
          <p>The goods are your responsibility from the moment they are delivered to you (or collected), and yours once we have been paid.</p>
        </>
      ),
    },
    {
      id: 'cancel-before-dispatch',
      heading: 'Changing your mind before we dispatch',
      body: (
        <p>
          Until your order leaves us you can cancel it free of charge: <HowToReachUs shop={shop} />, with your order number. We refund everything you paid,
          including delivery, to the card you paid with.
        </p>
      ),
    },
    {
      id: 'right-to-cancel',
      heading: 'Your right to cancel (consumers)',
      body: (
        <>
          <p>
            Under the Consumer Contracts Regulations 2013 you may cancel your order for any reason, from the moment you place it, until{' '}
            {CANCELLATION_PERIOD_DAYS} days after the day you receive it. If it comes in more than one delivery, the {CANCELLATION_PERIOD_DAYS} days run from
            the day you receive the last item.
          </p>
          <p>
            To cancel, tell us clearly: <HowToReachUs shop={shop} />. You can use the{' '}
            <a href="#cancellation-form" className={linkClasses}>
              model cancellation form
            </a>{' '}
            below, but you do not have to. It is enough that you tell us before the {CANCELLATION_PERIOD_DAYS} days are up.
          </p>
          <p>
            Send the goods back, or hand them to us, within {SEND_BACK_WITHIN_DAYS} days of telling us. Unless they are faulty or not what you ordered, you pay
            the direct cost of returning them. Large items cannot go by post: returning one costs about what we charge to deliver it (
            {formatPenceShort(DELIVERY_RATES.large_kerbside.pricePence)} for standard large-item delivery), and we can arrange the collection if you ask.
          </p>
          <p>
            We refund the price of the goods and the standard delivery charge (not the extra for a faster or timed delivery you chose) within{' '}
            {REFUND_WITHIN_DAYS} days of getting the goods back, or of your proof that you sent them if that is sooner, to the card you paid with. You may
            handle the goods as you would in a shop to see what they are and whether they work; if you do more (fitting or using them), we may take off the loss
            in their value.
          </p>
          <p>You cannot cancel for:</p>
          <ul>
            <li>goods made to your measurements or specification, or personalised for you;</li>
            <li>sealed goods that are not suitable for return for health or hygiene reasons once you have unsealed them.</li>
          </ul>
          <p>Items marked “Made to order” are standard products that are made after you order them: you can cancel those like anything else.</p>
        </>
      ),
    },
    {
      id: 'returns',
      heading: `Our ${CHANGE_OF_MIND_RETURN_DAYS}-day returns`,
      body: (
        <>
          <p>
            As well as your right to cancel, you can return any item within {CHANGE_OF_MIND_RETURN_DAYS} days of delivery if it is unused, not fitted and in its
            original packaging, on the same terms as a cancellation: you pay to send it back, and we refund it within {REFUND_WITHIN_DAYS} days of getting it
            back. See <Link to={helpPath('returns')}>returns and refunds</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'faulty-goods',
      heading: 'Faulty goods and your rights',
      body: (
        <>
          <p>
            The Consumer Rights Act 2015 says goods must be as described, fit for purpose and of satisfactory quality. If they are not, you are entitled to:
          </p>
          <ul>
            <li>a full refund if you tell us within 30 days of delivery;</li>
            <li>
              after that, within six months, a repair or replacement, or a refund if that is not possible or does not work (if the fault shows within six
              months, it is taken to have been there at delivery unless we prove otherwise);
            </li>
            <li>
              after six months, a repair or replacement, or some money back; you may have to show the fault was there at delivery. You can claim for up to six
              years (five years from when you find the fault in Scotland).
            </li>
          </ul>
          <p>
            For some products we may ask the manufacturer to send an engineer to inspect a fault before we agree what to do; that does not change your rights.
            When goods are faulty, we pay for their return.
          </p>
        </>
      ),
    },
    {
      id: 'recycling',
      heading: 'Recycling your old electricals',
      body: (
        <p>
          When you buy a new electrical item from us, we take back an old one of the same kind free of charge within {WEEE_TAKE_BACK_DAYS} days. See{' '}
          <Link to={helpPath('weee-recycling')}>WEEE recycling</Link>.
        </p>
      ),
    },
    {
      id: 'our-responsibility',
      heading: 'Our responsibility to you',
      body: (
        <>
          <p>
            If we break these terms, we are responsible for loss or damage you suffer that is a foreseeable result of it. We are not responsible for loss that
            was not foreseeable when we made the contract. We do not limit our liability where it would be unlawful to, including for death or personal injury
            caused by our negligence, for fraud, or for your rights as a consumer.
          </p>
          <p>If you are a consumer, we sell to you for your private use: we are not liable to you for loss of business or profit.</p>
        </>
      ),
    },
    {
      id: 'business-customers',
      heading: 'If you buy for a business',
      body: (
        <>
          <p>
            If you buy for a business (including as a sole trader), the consumer rights above do not apply to you: you have no 14-day right to cancel, and the
            Sale of Goods Act 1979 rather than the Consumer Rights Act 2015 covers the goods. We still take back unused items within{' '}
            {CHANGE_OF_MIND_RETURN_DAYS} days as above, and we still put faulty goods right.
          </p>
          <p>
            Our total liability to a business for any order is limited to the price paid for it, and we are not liable for loss of profit, business or revenue,
            or for the cost of fitting or removing goods, except where the law does not allow such a limit.
          </p>
        </>
      ),
    },
    {
      id: 'complaints',
      heading: 'Complaints',
      body: (
        <p>
          If something has gone wrong, please <HowToReachUs shop={shop} />. If we cannot settle your complaint, we will tell you so in writing, name an approved
          alternative dispute resolution provider, and say whether we will use it. You can also get free advice from Citizens Advice (0808 223 1133), Advice
          Direct Scotland (0808 164 6000) or, in Northern Ireland, Consumerline (0300 123 6262).
        </p>
      ),
    },
    {
      id: 'law',
      heading: 'Law and courts',
      body: (
        <p>
          These terms are governed by the law of {shop.registeredIn}. If you are a consumer, you can bring proceedings in the courts of England and Wales,
          Scotland or Northern Ireland, wherever you live in the UK, and keep the protection of the law where you live.
        </p>
      ),
    },
    {
      id: 'cancellation-form',
      heading: 'Model cancellation form',
      body: (
        <>
          <p>Complete and return this form only if you wish to cancel the contract (Consumer Contracts Regulations 2013, Schedule 3).</p>
          <blockquote className="mt-3.5 rounded-xl border border-navy-100 bg-sand-100 p-4 text-navy-900">
            <p>
              To {shop.legalName}, {addressLine(shop)}, <Mail address={shop.email} />:
            </p>
            <p className="mt-2">I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*],</p>
            <p className="mt-2">Ordered on [*] / received on [*],</p>
            <p className="mt-2">Name of consumer(s),</p>
            <p className="mt-2">Address of consumer(s),</p>
            <p className="mt-2">Signature of consumer(s) (only if this form is sent on paper),</p>
            <p className="mt-2">Date</p>
            <p className="mt-2 text-sm text-navy-700">[*] Delete as appropriate.</p>
          </blockquote>
        </>
      ),
    },
  ];
}
