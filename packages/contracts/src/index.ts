import { installPlainWords } from './plain-words.ts';

// Plain words for every refusal no schema worded itself: zod's message map is the whole process's.
installPlainWords();

export * from './endpoint.ts';
export * from './enumerations.ts';
export * from './money.ts';
export * from './order-numbers.ts';
export * from './problem.ts';
export * from './services.ts';
export * from './platform.ts';
export * from './catalogue.ts';
export * from './accounts.ts';
export * from './newsletter.ts';
export * from './notifications.ts';
export * from './delivery.ts';
export * from './policy/index.ts';
// Server-side and staff pages only (not in browser.ts): see the file.
export * from './policy/london-clock.ts';
export * from './discounts.ts';
export * from './basket.ts';
export * from './wishlist.ts';
export * from './projects.ts';
export * from './payments.ts';
export * from './checkout.ts';
export * from './orders.ts';
export * from './saved-cards.ts';
export * from './site.ts';
export * from './trade.ts';
export * from './help-centre.ts';
export * from './catalogue-values.ts';
export * from './product-offerings.ts';
export * from './reviews-values.ts';
export * from './reviews.ts';
export * from './reviews-listings.ts';
export * from './reviews-photos.ts';
export * from './reviews-questions.ts';
export * from './help-centre-enquiries.ts';
export * from './help-centre-orders.ts';
export * from './help-centre-inbox.ts';
export * from './addresses.ts';
export * from './catalogue-requests.ts';
export * from './analytics.ts';
export * from './order-baskets.ts';
export * from './delivery-upgrade.ts';
export * from './trade-credit.ts';
export * from './site-content.ts';
export * from './blog.ts';
export * from './blog-values.ts';
export * from './catalogue-editor-values.ts';
export * from './returnability-names.ts';
export * from './catalogue-editor.ts';
export * from './catalogue-essentials.ts';
export * from './search-synonyms.ts';
export * from './range-values.ts';
export * from './site-content-values.ts';
export * from './content-facts.ts';
export * from './content-anchors.ts';

import { operationsEndpoints, platformEndpoints } from './platform.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { accountsEndpoints } from './accounts.ts';
import { notificationsEndpoints } from './notifications.ts';
import { deliveryEndpoints } from './delivery.ts';
import { discountsEndpoints } from './discounts.ts';
import { basketEndpoints } from './basket.ts';
import { wishlistEndpoints } from './wishlist.ts';
import { projectEndpoints } from './projects.ts';
import { paymentsEndpoints } from './payments.ts';
import { checkoutEndpoints } from './checkout.ts';
import { orderEndpoints, orderTrackingEndpoints } from './orders.ts';
import { savedCardsEndpoints } from './saved-cards.ts';
import { siteEndpoints } from './site.ts';
import { siteContentEndpoints } from './site-content.ts';
import { blogEditorEndpoints, blogEndpoints } from './blog.ts';
import { tradeEndpoints, tradeTermsEndpoints } from './trade.ts';
import { helpCentreEnquiryEndpoints } from './help-centre-enquiries.ts';
import { helpCentreOrderEndpoints } from './help-centre-orders.ts';
import { helpCentreInboxEndpoints } from './help-centre-inbox.ts';
import { reviewWritingEndpoints } from './reviews.ts';
import { reviewListingEndpoints } from './reviews-listings.ts';
import { reviewPhotoEndpoints } from './reviews-photos.ts';
import { reviewQuestionEndpoints } from './reviews-questions.ts';
import { addressBookEndpoints, addressLookupEndpoints } from './addresses.ts';
import { catalogueRequestEndpoints } from './catalogue-requests.ts';
import { analyticsEndpoints } from './analytics.ts';
import { orderBasketEndpoints } from './order-baskets.ts';
import { deliveryUpgradeEndpoints } from './delivery-upgrade.ts';
import { tradeCreditEndpoints } from './trade-credit.ts';
import { catalogueEditorEndpoints } from './catalogue-editor.ts';
import { searchSynonymEndpoints } from './search-synonyms.ts';
import type { EndpointDefinition } from './endpoint.ts';

/** Every declared endpoint, grouped by the module file that declares it. */
export const endpointGroups = {
  platform: platformEndpoints,
  operations: operationsEndpoints,
  catalogue: catalogueEndpoints,
  accounts: accountsEndpoints,
  notifications: notificationsEndpoints,
  delivery: deliveryEndpoints,
  discounts: discountsEndpoints,
  basket: basketEndpoints,
  wishlist: wishlistEndpoints,
  projects: projectEndpoints,
  payments: paymentsEndpoints,
  checkout: checkoutEndpoints,
  orders: orderEndpoints,
  orderTracking: orderTrackingEndpoints,
  savedCards: savedCardsEndpoints,
  site: siteEndpoints,
  siteContent: siteContentEndpoints,
  blog: blogEndpoints,
  blogEditor: blogEditorEndpoints,
  trade: tradeEndpoints,
  tradeTerms: tradeTermsEndpoints,
  helpCentreEnquiries: helpCentreEnquiryEndpoints,
  helpCentreOrders: helpCentreOrderEndpoints,
  helpCentreInbox: helpCentreInboxEndpoints,
  reviewWriting: reviewWritingEndpoints,
  reviewListings: reviewListingEndpoints,
  reviewPhotos: reviewPhotoEndpoints,
  reviewQuestions: reviewQuestionEndpoints,
  addressBook: addressBookEndpoints,
  addressLookup: addressLookupEndpoints,
  catalogueRequests: catalogueRequestEndpoints,
  analytics: analyticsEndpoints,
  orderBaskets: orderBasketEndpoints,
  deliveryUpgrade: deliveryUpgradeEndpoints,
  tradeCredit: tradeCreditEndpoints,
  catalogueEditor: catalogueEditorEndpoints,
  searchSynonyms: searchSynonymEndpoints,
} as const;

export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpointGroups).flatMap((group) => Object.values(group) as EndpointDefinition[]);
