/**
 * Demo trade data (issue 19): thirty applications in every state, twelve businesses across the bands
 * with two years of trade orders (their band history follows from their spend, as the rules move
 * it), and `trade@demo.test` on one of them with enough orders that its dashboard and buy-again are
 * full. Deterministic (a seeded random), written in bulk, and sending no e-mail.
 */
import type { Address, TradeApplicationData, TradeApplicationStatus, TradeBusinessType, TradeType } from '@shop/contracts';
import { SALES_CHANNELS } from '@shop/contracts';
import { readableCode } from '../../platform/readable-codes.ts';
import { createRandom } from '@shop/demo/seeds';
import type { Seed } from '../../seed/seed.ts';
import type { CatalogueService, SellableOffering } from '../catalogue/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { HistoricalOrder, OrdersService } from '../orders/index.ts';
import type { PriceList, PricingService, TradeBand } from '../pricing/index.ts';
import { bandToMoveUpTo, netExVat, savingsAtBand, spendBandChange } from './trade-spend.ts';
import * as repository from './repository/index.ts';

/** What the seed asks of other modules: skus to order, their prices, and the sign-in accounts. */
export interface TradeSeedDeps {
  pricing: PricingService;
  catalogue: Pick<CatalogueService, 'findSellableOfferings' | 'priceHistory'>;
  identity: Pick<IdentityService, 'findUserByEmail' | 'createVerifiedUser' | 'setTradeAccount'>;
  orders: Pick<OrdersService, 'recordHistoricalOrders'>;
}

const DAY_MS = 86_400_000;
/** Demo applicants and account holders other than the published demo accounts cannot sign in. */
const NO_PASSWORD = '!demo-account-without-a-password';
/** `DEMO_PASSWORD` hashed as identity hashes passwords (argon2id), once, so the seed does not spend most of its time hashing. */
const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$Xl6Rm2ygCGkZ8nENo4e25g$aYct1hQdD37QYOhkI3JXw6NqcgaYR2iJESvcSRCAdPU';

interface DemoBusiness {
  email: string;
  contactName: string;
  legalName: string;
  tradingName?: string;
  businessType: TradeBusinessType;
  companyNumber?: string;
  vatNumber?: string;
  trade: TradeType;
  town: string;
  postcode: string;
  /** Roughly what it spends a year ex VAT, in pounds: decides its orders, and so its band. */
  yearlySpendPounds: number;
}

/** Twelve businesses whose spend lands them across the five bands; the first is trade@demo.test's. */
const BUSINESSES: readonly DemoBusiness[] = [
  {
    email: 'trade@demo.test',
    contactName: 'Taylor Trade',
    legalName: 'Taylor Trade Plumbing & Heating Ltd',
    tradingName: 'Taylor Trade',
    businessType: 'limited_company',
    companyNumber: '09876543',
    vatNumber: 'GB999999973',
    trade: 'plumber',
    town: 'Leeds',
    postcode: 'LS6 2AB',
    yearlySpendPounds: 7_200,
  },
  {
    email: 'orders@northbathrooms.demo.test',
    contactName: 'Priya Shah',
    legalName: 'North Bathrooms Ltd',
    businessType: 'limited_company',
    companyNumber: 'SC412345',
    vatNumber: 'GB100000132',
    trade: 'bathroom_fitter',
    town: 'Glasgow',
    postcode: 'G2 1DY',
    yearlySpendPounds: 140_000,
  },
  {
    email: 'jo@hearthandheat.demo.test',
    contactName: 'Jo Evans',
    legalName: 'Hearth & Heat LLP',
    businessType: 'llp',
    companyNumber: 'OC398765',
    vatNumber: 'GB999999973001',
    trade: 'heating_engineer',
    town: 'Cardiff',
    postcode: 'CF10 1EP',
    yearlySpendPounds: 41_000,
  },
  {
    email: 'accounts@brickandbeam.demo.test',
    contactName: 'Sam Okafor',
    legalName: 'Brick and Beam Builders Ltd',
    businessType: 'limited_company',
    companyNumber: '11223344',
    trade: 'builder',
    town: 'Bristol',
    postcode: 'BS1 4ST',
    yearlySpendPounds: 29_000,
  },
  {
    email: 'hello@newleafhomes.demo.test',
    contactName: 'Maya Green',
    legalName: 'New Leaf Homes Ltd',
    tradingName: 'New Leaf',
    businessType: 'limited_company',
    companyNumber: '08765432',
    trade: 'developer',
    town: 'Manchester',
    postcode: 'M1 3BE',
    yearlySpendPounds: 16_500,
  },
  {
    email: 'office@rivershousing.demo.test',
    contactName: 'Alan Rivers',
    legalName: 'Rivers Housing Association',
    businessType: 'limited_company',
    companyNumber: 'RS007654',
    trade: 'housing_provider',
    town: 'Sheffield',
    postcode: 'S1 2HE',
    yearlySpendPounds: 12_000,
  },
  {
    email: 'studio@tiledesign.demo.test',
    contactName: 'Chloe Martin',
    legalName: 'Chloe Martin',
    tradingName: 'Tile & Tone Design',
    businessType: 'sole_trader',
    trade: 'designer',
    town: 'Brighton',
    postcode: 'BN1 1AE',
    yearlySpendPounds: 5_400,
  },
  {
    email: 'dave@quickfixplumbing.demo.test',
    contactName: 'Dave Hughes',
    legalName: 'Dave Hughes',
    tradingName: 'QuickFix Plumbing',
    businessType: 'sole_trader',
    trade: 'plumber',
    town: 'Norwich',
    postcode: 'NR2 1NR',
    yearlySpendPounds: 3_100,
  },
  {
    email: 'pat@patelandson.demo.test',
    contactName: 'Raj Patel',
    legalName: 'Patel & Son',
    businessType: 'partnership',
    trade: 'builder',
    town: 'Leicester',
    postcode: 'LE1 5WW',
    yearlySpendPounds: 1_900,
  },
  {
    email: 'info@coastalgas.demo.test',
    contactName: 'Ellie Ward',
    legalName: 'Coastal Gas Services Ltd',
    businessType: 'limited_company',
    companyNumber: '07654321',
    trade: 'heating_engineer',
    town: 'Plymouth',
    postcode: 'PL1 2AA',
    yearlySpendPounds: 1_200,
  },
  {
    email: 'ben@benjoinery.demo.test',
    contactName: 'Ben Clarke',
    legalName: 'Ben Clarke',
    businessType: 'sole_trader',
    trade: 'other',
    town: 'York',
    postcode: 'YO1 7HH',
    yearlySpendPounds: 700,
  },
  {
    email: 'contact@greenwaydev.demo.test',
    contactName: 'Fiona Grey',
    legalName: 'Greenway Developments Ltd',
    businessType: 'limited_company',
    companyNumber: '12345678',
    trade: 'developer',
    town: 'Nottingham',
    postcode: 'NG1 5FS',
    yearlySpendPounds: 52_000,
  },
];

/** Eighteen applications not (yet) approved: waiting, asked a question, or turned down. */
const OPEN_AND_REFUSED: readonly { status: TradeApplicationStatus; name: string; legalName: string; trade: TradeType; town: string; postcode: string }[] = [
  { status: 'more_info_required', name: 'Alex Applicant', legalName: 'Applicant Heating Ltd', trade: 'heating_engineer', town: 'Derby', postcode: 'DE1 2FS' },
  ...(
    [
      ['submitted', 'Owen Price', 'Price Plumbing Services', 'plumber', 'Swansea', 'SA1 3SN'],
      ['submitted', 'Lucy Bell', 'Bell Bathrooms Ltd', 'bathroom_fitter', 'Oxford', 'OX1 1BX'],
      ['submitted', 'Tom Reid', 'Reid Renovations', 'builder', 'Aberdeen', 'AB10 1XG'],
      ['submitted', 'Nadia Khan', 'Khan Property Lettings Ltd', 'housing_provider', 'Birmingham', 'B2 4QA'],
      ['submitted', 'Gary Moss', 'Moss Heating & Gas', 'heating_engineer', 'Hull', 'HU1 2AA'],
      ['submitted', 'Isla Fraser', 'Fraser Interiors', 'designer', 'Edinburgh', 'EH1 1YZ'],
      ['submitted', 'Kieran Doyle', 'Doyle Developments Ltd', 'developer', 'Belfast', 'BT1 5GS'],
      ['submitted', 'Hannah Lee', 'Lee & Co Plumbing', 'plumber', 'Exeter', 'EX1 1HS'],
      ['more_info_required', 'Marcus Grant', 'Grant Build Ltd', 'builder', 'Coventry', 'CV1 5RW'],
      ['more_info_required', 'Sophie Turner', 'Turner Tiling', 'other', 'Bath', 'BA1 1SU'],
      ['more_info_required', 'Ravi Mehta', 'Mehta Homes Ltd', 'developer', 'Reading', 'RG1 1JX'],
      ['more_info_required', 'Chris Day', 'Day Heating', 'heating_engineer', 'Stoke-on-Trent', 'ST1 1AA'],
      ['more_info_required', 'Amy Walsh', 'Walsh Bathrooms', 'bathroom_fitter', 'Preston', 'PR1 2HE'],
      ['disapproved', 'Mike Stone', 'Stone Cash & Carry', 'other', 'Luton', 'LU1 2LN'],
      ['disapproved', 'Zoe Hart', 'Hart Home Improvements', 'builder', 'Wigan', 'WN1 1XL'],
      ['disapproved', 'Paul King', 'King Gas Ltd', 'heating_engineer', 'Sunderland', 'SR1 3AA'],
      ['disapproved', 'Emma Ross', 'Ross Design Studio', 'designer', 'Cambridge', 'CB2 1TN'],
    ] as const
  ).map(([status, name, legalName, trade, town, postcode]) => ({ status, name, legalName, trade, town, postcode })),
];

const QUESTIONS = [
  'Please upload a recent utility bill or bank statement showing the business address.',
  'Your Gas Safe number did not match the register: please check it and send it again.',
  'What share of your work is domestic, and what is commercial?',
];
const REFUSALS = [
  'We could not confirm that the business trades in plumbing, heating or bathrooms.',
  'The Companies House record shows the company as dissolved.',
  'We could not confirm the business address from the documents sent.',
];

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@applicants.demo.test`;

function applicationDetails(
  business: DemoBusiness | { legalName: string; name: string; trade: TradeType; town: string; postcode: string },
  random: () => number,
): TradeApplicationData {
  const full = 'email' in business ? business : null;
  const type: TradeBusinessType = full?.businessType ?? (business.legalName.endsWith('Ltd') ? 'limited_company' : 'sole_trader');
  const companyNumber = full
    ? full.companyNumber
    : type === 'limited_company'
      ? String(10_000_000 + Math.floor(random() * 89_999_999)).padStart(8, '0')
      : undefined;
  return {
    legalName: business.legalName,
    tradingName: full?.tradingName,
    businessType: type,
    companyNumber,
    vatNumber: full?.vatNumber,
    trade: business.trade,
    tradeOther: business.trade === 'other' ? 'Joinery and tiling' : undefined,
    yearsTrading: 1 + Math.floor(random() * 25),
    employees: Math.floor(random() * 40),
    expectedMonthlySpendPence: full ? Math.round((full.yearlySpendPounds * 100) / 12) : (5 + Math.floor(random() * 60)) * 10_000,
    address: { line1: `${1 + Math.floor(random() * 200)} Station Road`, town: business.town, postcode: business.postcode },
    contactName: full?.contactName ?? ('name' in business ? business.name : ''),
    contactRole: 'Owner',
    contactPhone: `07700 900${String(100 + Math.floor(random() * 899))}`,
    gasSafeNumber: business.trade === 'heating_engineer' ? String(100_000 + Math.floor(random() * 899_999)) : undefined,
  };
}

/** Candidate skus: the demo catalogue's product codes `PL000001-1`…, spread over its departments. */
// Every fifth product's first sku: the demo catalogue's 830 products, or enough of a generated
// 100,000-product one (whose first departments cost more) to find 20 at trade-account prices.
const candidateSkus = () => Array.from({ length: 1000 }, (_, index) => `PL${String(3 + index * 5).padStart(6, '0')}-1`);

export function tradeDemoSeed(deps: TradeSeedDeps): Seed {
  return {
    name: 'trade:demo-accounts',
    size: 30,
    async run(db, progress) {
      const now = new Date();
      const clock = { now: () => now };
      const ctx = { db, clock };
      const random = createRandom(19_2026);
      const bands = await deps.pricing.tradeBands(ctx);
      const vatRates = await deps.pricing.vatRates(ctx);
      const offerings = [...(await deps.catalogue.findSellableOfferings({ db }, candidateSkus())).values()].filter(
        (offering) => !offering.isBundle && offering.priceIncVat >= 500 && offering.priceIncVat <= 60_000,
      );
      if (offerings.length < 20) throw new Error('The trade demo needs the demo catalogue: seed the catalogue first');
      // Past orders are priced at the retail price in force on their day (the first one, before the history began).
      const histories = await deps.catalogue.priceHistory(
        { db },
        offerings.map((offering) => offering.sku),
      );
      const pricedOn = (offering: SellableOffering, at: Date): SellableOffering => {
        const steps = histories.get(offering.sku) ?? [];
        const step = steps.findLast((candidate) => candidate.effectiveFrom <= at) ?? steps[0];
        return step ? { ...offering, priceIncVat: step.priceIncVat, priceExVat: step.priceExVat } : offering;
      };
      const staff = await deps.identity.findUserByEmail({ db }, 'staff@demo.test');
      const reviewer = { userId: staff?.id ?? 'staff', name: staff?.name ?? 'Trade team' };
      const priceList = (band: TradeBand): PriceList => ({
        pricing: { tradePriced: true, tradeBand: band.code, tradeBandName: band.name, tradeDiscountBasisPoints: band.discountBasisPoints },
        vatRates,
      });

      // ── the twelve businesses, their accounts and two years of orders ──
      for (const [index, business] of BUSINESSES.entries()) {
        const user =
          (await deps.identity.findUserByEmail({ db }, business.email)) ??
          (await deps.identity.createVerifiedUser(ctx, { email: business.email, name: business.contactName, passwordHash: NO_PASSWORD, roles: ['shopper'] }))!;
        const openedAt = new Date(now.getTime() - (740 + Math.floor(random() * 60)) * DAY_MS);
        const details = applicationDetails(business, random);
        const tradeExternalId = `TA${readableCode(16)}`;
        const application = (await repository.insertApplication(db, {
          tradeExternalId,
          userId: user.id,
          userEmail: business.email,
          userName: business.contactName,
          status: 'approved',
          version: 2,
          details,
          approvedBandCode: bands[0]!.code,
          submittedAt: new Date(openedAt.getTime() - 3 * DAY_MS),
          updatedAt: openedAt,
          decidedAt: openedAt,
        }))!;
        await repository.insertApplicationEvent(db, {
          applicationId: application.id,
          fromStatus: null,
          toStatus: 'submitted',
          actorUserId: user.id,
          actorName: business.contactName,
          byStaff: false,
          note: null,
          at: application.submittedAt,
        });
        await repository.insertApplicationEvent(db, {
          applicationId: application.id,
          fromStatus: 'submitted',
          toStatus: 'approved',
          actorUserId: reviewer.userId,
          actorName: reviewer.name,
          byStaff: true,
          note: null,
          at: openedAt,
        });
        const record = await repository.insertBusiness(db, {
          legalName: details.legalName,
          tradingName: details.tradingName ?? null,
          businessType: details.businessType,
          companyNumber: details.companyNumber ?? null,
          vatNumber: details.vatNumber ?? null,
          trade: details.trade,
          tradeOther: details.tradeOther ?? null,
          yearsTrading: details.yearsTrading,
          employees: details.employees,
          addressLine1: details.address.line1,
          addressLine2: null,
          town: details.address.town,
          county: null,
          postcode: details.address.postcode,
          bandCode: bands[0]!.code,
          bandSetBy: 'approval',
          bandChangedAt: openedAt,
          bandReviewedAt: now,
          createdAt: openedAt,
          updatedAt: openedAt,
        });
        await repository.insertBandChange(db, {
          businessId: record.id,
          fromBand: null,
          toBand: bands[0]!.code,
          reason: 'approval',
          note: null,
          actorUserId: reviewer.userId,
          actorName: reviewer.name,
          spendExVat: null,
          at: openedAt,
        });
        const account = await repository.insertAccount(db, {
          tradeExternalId,
          userId: user.id,
          userEmail: business.email,
          userName: business.contactName,
          businessId: record.id,
          applicationId: application.id,
          contactName: details.contactName,
          contactRole: details.contactRole ?? null,
          contactPhone: details.contactPhone,
          contactEmail: null,
          gasSafeNumber: details.gasSafeNumber ?? null,
          niceicNumber: null,
          otherRegistration: null,
          createdAt: openedAt,
          updatedAt: openedAt,
        });
        await repository.updateApplicationColumns(db, application.id, { tradeAccountId: account.id });
        await deps.identity.setTradeAccount(ctx, user.id, tradeExternalId);
        await repository.insertAcceptance(db, { tradeAccountId: account.id, version: 1, userId: user.id, acceptedAt: openedAt });

        // Each business buys from its own regular list, some lines every time, others now and then.
        // Spend grows over the two years: the first year at about 70% of the second.
        const averageOrderExVat = Math.max(120, Math.min(4_000, business.yearlySpendPounds / 24)) * 100;
        const ordersPerYear = Math.max(6, Math.round((business.yearlySpendPounds * 100) / averageOrderExVat));
        const cheapEnough = offerings.filter((offering) => offering.priceExVat <= averageOrderExVat / 2);
        const affordable = cheapEnough.length >= 8 ? cheapEnough : offerings;
        const favourites = Array.from({ length: 12 + Math.floor(random() * 14) }, () => affordable[Math.floor(random() * affordable.length)]!);
        const address: Address = {
          name: business.contactName,
          company: details.tradingName ?? details.legalName,
          line1: details.address.line1,
          town: details.address.town,
          postcode: details.address.postcode,
          countryCode: 'GB',
        };
        let band = bands[0]!;
        const placed: { at: Date; totalIncVat: number; totalExVat: number; refundedIncVat: number }[] = [];
        const historical: HistoricalOrder[] = [];
        const tradeRows: Parameters<typeof repository.insertTradeOrder>[1][] = [];
        const ordered = new Map<string, { times: number; quantity: number; last: Date }>();
        const bandChanges: Parameters<typeof repository.insertBandChange>[1][] = [];
        for (let day = Math.ceil((now.getTime() - openedAt.getTime()) / DAY_MS) - 2; day >= 0; day -= 1) {
          const rate = (ordersPerYear / 365) * (day > 365 ? 0.7 : 1);
          if (random() >= rate) continue;
          const at = new Date(now.getTime() - day * DAY_MS - Math.floor(random() * 8 * 3_600_000));
          const list = priceList(band);
          const lineCount = 1 + Math.floor(random() * 5);
          // About the business's usual order, ex VAT, spread over its lines at retail (trade prices take the band off).
          const perLine = (averageOrderExVat * (0.5 + random())) / lineCount;
          const chosen = new Map<string, { offering: SellableOffering; quantity: number }>();
          for (let line = 0; line < lineCount; line += 1) {
            const offering = favourites[Math.floor(random() * random() * favourites.length)]!;
            const quantity = Math.max(1, Math.round(perLine / offering.priceExVat));
            chosen.set(offering.sku, { offering, quantity: Math.min(40, (chosen.get(offering.sku)?.quantity ?? 0) + quantity) });
          }
          let vatPence = 0;
          let goodsExVat = 0;
          const lines = [...chosen.values()].map(({ offering, quantity }) => {
            const price = deps.pricing.unitPrice(pricedOn(offering, at), list);
            vatPence += (price.incVat - price.exVat) * quantity;
            goodsExVat += price.exVat * quantity;
            return {
              sku: offering.sku,
              productName: offering.productName,
              productSlug: offering.productSlug,
              label: offering.label,
              imageUrl: offering.imageUrl,
              quantity,
              unitPriceIncVat: price.incVat,
              returnability: offering.returnability,
            };
          });
          const goodsIncVat = lines.reduce((sum, line) => sum + line.unitPriceIncVat * line.quantity, 0);
          const deliveryPence = goodsIncVat >= 5_000 ? 0 : 499;
          vatPence += deliveryPence - Math.round(deliveryPence / 1.2);
          const totalIncVat = goodsIncVat + deliveryPence;
          const ageDays = day;
          const status = ageDays <= 1 ? 'placed' : ageDays <= 3 ? 'processing' : ageDays <= 6 ? 'dispatched' : 'delivered';
          const refundRoll = ageDays > 10 ? random() : 1;
          const refundedIncVat = refundRoll < 0.03 ? totalIncVat : refundRoll < 0.08 ? Math.round(totalIncVat * 0.25) : 0;
          const id = crypto.randomUUID();
          historical.push({
            id,
            customerId: user.id,
            emailAddress: business.email,
            customerName: business.contactName,
            phone: details.contactPhone,
            address,
            placedAt: at,
            channel: SALES_CHANNELS.TradeSite,
            lines,
            deliveryPence,
            vatPence,
            status: refundedIncVat === totalIncVat ? 'refunded' : status,
            refundedPence: refundedIncVat,
            updatedAt: new Date(Math.min(now.getTime(), at.getTime() + Math.min(ageDays, 5) * DAY_MS)),
          });
          tradeRows.push({
            orderId: id,
            businessId: record.id,
            tradeAccountId: account.id,
            orderNumber: '',
            bandCode: band.code,
            itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
            totalIncVat,
            totalExVat: totalIncVat - vatPence,
            savingsExVat: savingsAtBand(goodsExVat, band.discountBasisPoints),
            placedAt: at,
          });
          for (const line of lines) {
            const seen = ordered.get(line.sku);
            ordered.set(line.sku, { times: (seen?.times ?? 0) + 1, quantity: (seen?.quantity ?? 0) + line.quantity, last: at });
          }
          // The band moves up as the rules would have moved it, order by order.
          placed.push({ at, totalIncVat, totalExVat: totalIncVat - vatPence, refundedIncVat });
          const yearAgo = at.getTime() - 365 * DAY_MS;
          const spend = placed.filter((order) => order.at.getTime() >= yearAgo).reduce((sum, order) => sum + netExVat(order), 0);
          const target = bandToMoveUpTo(bands, band, spend);
          if (target) {
            bandChanges.push(spendBandChange(record.id, band.code, target.code, spend, at));
            band = target;
          }
        }
        for (let start = 0; start < historical.length; start += 200) {
          const numbers = await deps.orders.recordHistoricalOrders({ db }, historical.slice(start, start + 200));
          const byId = new Map(numbers.map((entry) => [entry.id, entry.orderNumber]));
          await repository.insertTradeOrders(
            db,
            tradeRows.slice(start, start + 200).map((row) => ({ ...row, orderNumber: byId.get(row.orderId)! })),
          );
        }
        await repository.insertOrderedProductTotals(
          db,
          [...ordered].map(([sku, seen]) => ({
            businessId: record.id,
            sku,
            timesOrdered: seen.times,
            quantityOrdered: seen.quantity,
            lastOrderedAt: seen.last,
          })),
        );
        await repository.insertBandChanges(db, bandChanges);
        const lastChange = bandChanges.at(-1);
        if (lastChange) await repository.updateBusiness(db, record.id, { bandCode: lastChange.toBand, bandSetBy: 'spend', bandChangedAt: lastChange.at });
        progress(index + 1, 30);
      }

      // ── eighteen more applications: waiting, asked a question, or turned down ──
      for (const [index, applicant] of OPEN_AND_REFUSED.entries()) {
        const email = index === 0 ? 'applicant@demo.test' : emailOf(applicant.name);
        const user =
          (await deps.identity.findUserByEmail({ db }, email)) ??
          (await deps.identity.createVerifiedUser(
            ctx,
            index === 0
              ? { email, name: applicant.name, passwordHash: DEMO_PASSWORD_HASH, roles: ['shopper'] }
              : { email, name: applicant.name, passwordHash: NO_PASSWORD, roles: ['shopper'] },
          ))!;
        const submittedAt = new Date(now.getTime() - (2 + index * 2 + Math.floor(random() * 3)) * DAY_MS);
        const decidedAt = new Date(submittedAt.getTime() + DAY_MS);
        const question = applicant.status === 'more_info_required' ? QUESTIONS[index % QUESTIONS.length]! : null;
        const reason = applicant.status === 'disapproved' ? REFUSALS[index % REFUSALS.length]! : null;
        const application = (await repository.insertApplication(db, {
          tradeExternalId: `TA${readableCode(16)}`,
          userId: user.id,
          userEmail: email,
          userName: applicant.name,
          status: applicant.status,
          version: applicant.status === 'submitted' ? 1 : 2,
          details: applicationDetails(applicant, random),
          question,
          disapprovalReason: reason,
          submittedAt,
          updatedAt: applicant.status === 'submitted' ? submittedAt : decidedAt,
          decidedAt: applicant.status === 'disapproved' ? decidedAt : null,
        }))!;
        await repository.insertApplicationEvent(db, {
          applicationId: application.id,
          fromStatus: null,
          toStatus: 'submitted',
          actorUserId: user.id,
          actorName: applicant.name,
          byStaff: false,
          note: null,
          at: submittedAt,
        });
        if (applicant.status !== 'submitted') {
          await repository.insertApplicationEvent(db, {
            applicationId: application.id,
            fromStatus: 'submitted',
            toStatus: applicant.status,
            actorUserId: reviewer.userId,
            actorName: reviewer.name,
            byStaff: true,
            note: question ?? reason,
            at: decidedAt,
          });
        }
        progress(BUSINESSES.length + index + 1, 30);
      }
    },
  };
}
