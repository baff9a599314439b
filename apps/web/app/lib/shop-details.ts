import type { ShopDetails } from '@shop/contracts';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';

/** The shop's company and customer-service details, as the root loader read them; null when the API could not say. */
export function useShopDetails(): ShopDetails | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.shop ?? null;
}

/** "Unit 4 Canal Wharf, Leeds LS11 5PS". */
export const addressLine = (shop: ShopDetails): string => `${shop.address.lines.join(', ')} ${shop.address.postcode}`;

/** "Plumbline is a trading name of Plumbline Retail Ltd, registered in England and Wales…": what UK law asks a company's website to show. */
export const companyLine = (shop: ShopDetails): string =>
  `${shop.tradingName} is a trading name of ${shop.legalName}, registered in ${shop.registeredIn}, company number ${shop.companyNumber}. ` +
  `Registered office: ${addressLine(shop)}. VAT number ${shop.vatNumber}.`;

/** The name the shop signs its edits and replies with: its trading name, or "the shop" when the API could not say. */
export function useShopName(): string {
  return useShopDetails()?.tradingName ?? 'the shop';
}
