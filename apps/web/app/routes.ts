import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('c/:slug/:childSlug?', 'routes/category.tsx'),
  route('search', 'routes/search.tsx'),
  // Every department and its types: the header's "All categories" before the page's scripts run.
  route('categories', 'routes/categories.tsx'),
  // Promotion and new-products listings (spec §3 listing types 100 and 200), by listing slug.
  route('offers/:slug', 'routes/promotion.tsx'),
  route('p/:slug', 'routes/product.tsx'),
  // Writing a review (signed in), verified when reached from an order, and helpful votes (issue 21).
  // Review photos are served by the API itself, below the same address (decision 0035).
  route('p/:slug/review', 'routes/review-write.tsx'),
  route('reviews/:reviewId/helpful', 'routes/review-helpful.ts'),
  // A customer who bought the product answers a question by the e-mailed link.
  route('questions/answer/:token', 'routes/question-answer.tsx'),
  // Generated product illustrations, one per product family and finish.
  route('images/products/:file', 'routes/product-image.ts'),
  route('images/user-content/:file', 'routes/user-content-image.ts'),
  // Each category's drawing, an image so no page's scripts carry the drawings.
  route('images/categories/:file', 'routes/category-illustration.tsx'),
  // The blog (decision 0094): the list, its RSS feed, each post, and the posts' generated hero illustrations.
  route('blog', 'routes/blog.tsx'),
  route('blog/rss.xml', 'routes/blog-rss.ts'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('images/blog/:file', 'routes/blog-hero-image.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemaps/:file', 'routes/sitemap-file.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('basket/retrieve', 'routes/basket-retrieve.tsx'),
  route('basket', 'routes/basket.tsx'),
  route('wishlist', 'routes/wishlist.tsx'),
  route('wishlist/shared', 'routes/wishlist-shared.tsx'),
  // Where the identity provider returns the browser: redirect, popup and hidden-frame sign-ins.
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('auth/popup-callback', 'routes/auth-popup-callback.tsx'),
  route('auth/silent-callback', 'routes/auth-silent-callback.tsx'),
  // Where the header's "Sign in" link leads before the page's scripts run: it starts signing in.
  route('auth/sign-in', 'routes/auth-sign-in.tsx'),
  // The storefront's session: the page's OpenID client starts, restores and ends it (decision 0063).
  route('auth/session', 'routes/auth-session.ts'),
  // "Sign out" as a plain form: ends the session, then the provider's.
  route('auth/sign-out', 'routes/auth-sign-out.ts'),
  // The trade price toggle posted before the page's scripts run: keeps the choice and goes back.
  route('prices', 'routes/price-display.ts'),
  route('help', 'routes/help.tsx'),
  // The customer's reply link from every e-mail about a help request (decision 0032).
  route('help/reply/:token', 'routes/help-reply.tsx'),
  // The help centre's forms: the contact page lists them, one page draws each (issue 20).
  route('help/contact', 'routes/help-contact.tsx'),
  route('help/contact/confirm-deletion/:token', 'routes/help-contact-confirm.tsx'),
  route('help/contact/:type', 'routes/help-contact-form.tsx'),
  route('help/:topic', 'routes/help-topic.tsx'),
  route('feedback', 'routes/feedback.tsx'),
  route('careers', 'routes/careers.tsx'),
  // About us, a content page (decision 0126).
  route('about', 'routes/about.tsx'),
  route('back-in-stock/unsubscribe/:token', 'routes/back-in-stock-unsubscribe.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  // The printed catalogue by post, with "Find address" as a step of its form.
  route('catalogue', 'routes/catalogue-request.tsx'),
  // The links in newsletter e-mails: confirming a sign-up and unsubscribing, each a POST from its page (decision 0044).
  route('newsletter/confirm', 'routes/newsletter-link.tsx', { id: 'newsletter-confirm' }),
  route('newsletter/unsubscribe', 'routes/newsletter-link.tsx', { id: 'newsletter-unsubscribe' }),
  // The terms of sale and the privacy and cookie notices are content pages (decisions 0132, 0135).
  route('terms', 'routes/legal-content-page.tsx', { id: 'legal-terms' }),
  route('privacy', 'routes/legal-content-page.tsx', { id: 'legal-privacy' }),
  route('cookies', 'routes/legal-content-page.tsx', { id: 'legal-cookies' }),
  // The visitor's choice about cookies that remember them; the cookie banner's buttons post here.
  route('cookies/settings', 'routes/cookie-settings.tsx'),
  // Where pages send their shopping events by beacon, handed on to the analytics API with the visitor's consent.
  route('events', 'routes/events.ts'),
  route('reviews-policy', 'routes/legal-content-page.tsx', { id: 'legal-reviews' }),
  // Not linked from the shop: a page of the base components for developers and browser tests.
  route('styleguide', 'routes/styleguide.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/confirmation/:orderNumber', 'routes/checkout-confirmation.tsx'),
  route('track-order', 'routes/track-order.tsx'),
  // Order self-service from the account's order page and order tracking (decision 0031). A guest's
  // e-mailed link opens `order-help/link/<token>`, which swaps it for a cookie of that order's pages
  // and sends them on to the order's own page (decision 0049).
  route('order-help/link/:token?', 'routes/order-help-link.tsx'),
  route('order-help/:orderNumber', 'routes/order-help-order.tsx'),
  route('order-help/:orderNumber/vat-invoice', 'routes/order-help-vat-invoice.ts'),
  // A guest's order changes and delivery upgrade, with the e-mailed link's cookie: the account's pages, the API called with the link.
  route('order-help/:orderNumber/change', 'routes/account-order-change.tsx', { id: 'order-help-change' }),
  route('order-help/:orderNumber/upgrade-delivery', 'routes/account-order-upgrade-delivery.tsx', { id: 'order-help-upgrade-delivery' }),
  route('order-help/:orderNumber/:form', 'routes/order-help.tsx'),
  // The signed-in sections, each a layout route whose server-side gate runs before its pages' loaders (decision 0063).
  route('account', 'routes/account-layout.tsx', [
    index('routes/account.tsx'),
    route('orders', 'routes/account-orders.tsx'),
    route('orders/:orderNumber', 'routes/account-order.tsx'),
    route('orders/:orderNumber/change', 'routes/account-order-change.tsx'),
    route('orders/:orderNumber/upgrade-delivery', 'routes/account-order-upgrade-delivery.tsx'),
    route('cards', 'routes/account-cards.tsx'),
    route('addresses', 'routes/account-addresses.tsx'),
    route('projects', 'routes/account-projects.tsx'),
    // "Add to project" from a product page: a plain form, answered by going back to that page.
    route('projects/add', 'routes/account-projects-add.ts'),
    route('projects/:projectId', 'routes/account-project.tsx'),
  ]),
  // The staff back-office: staff roles only (a shopper gets the 404 page); the API checks every call too.
  route('staff', 'routes/staff-layout.tsx', [
    route('mailbox', 'routes/staff-mailbox.tsx'),
    route('mailbox/:emailId', 'routes/staff-mailbox-email.tsx'),
    route('discounts', 'routes/staff-discounts.tsx'),
    route('discounts/new', 'routes/staff-discount-new.tsx'),
    route('discounts/:promotionCode', 'routes/staff-discount.tsx'),
    route('discounts/:promotionCode/issue-codes.csv', 'routes/staff-discount-codes-csv.ts'),
    route('products', 'routes/staff-products.tsx'),
    route('products/import/:id?', 'routes/staff-products-import.tsx'),
    route('products/export/:file', 'routes/staff-products-export.ts'),
    route('products/new', 'routes/staff-product-new.tsx'),
    route('products/:id', 'routes/staff-product.tsx'),
    route('products/:id/bought-together', 'routes/staff-product-bought-together.tsx'),
    route('orders', 'routes/staff-orders.tsx'),
    route('orders/:orderNumber', 'routes/staff-order.tsx'),
    // A change made for a customer on the phone, with the customer's rules (decision 0089: no card taken).
    route('orders/:orderNumber/change', 'routes/staff-order-change.tsx'),
    route('orders/:orderNumber/vat-documents/:number', 'routes/staff-order-vat-document.ts'),
    route('help', 'routes/staff-help.tsx'),
    route('help/:reference', 'routes/staff-help-request.tsx'),
    route('help/:reference/erasure', 'routes/staff-help-erasure.tsx'),
    route('stock', 'routes/staff-stock.tsx'),
    route('operations', 'routes/staff-operations.tsx'),
    route('newsletter', 'routes/staff-newsletter.tsx'),
    // Content pages and global items, for content editors (decision 0085).
    route('content', 'routes/staff-content.tsx'),
    route('content/pages/:slug', 'routes/staff-content-page.tsx'),
    route('content/pages/:slug/preview', 'routes/staff-content-preview.tsx'),
    // Blog posts: the pages' editor, with the post's own fields (decision 0094).
    route('content/posts/:slug', 'routes/staff-content-page.tsx', { id: 'staff-content-post' }),
    route('content/posts/:slug/preview', 'routes/staff-content-post-preview.tsx'),
    route('content/global-items/:id', 'routes/staff-content-item.tsx'),
    route('content/blog-categories/:slug', 'routes/staff-content-blog-category.tsx'),
    route('newsletter/subscribers.csv', 'routes/staff-newsletter-csv.ts'),
    route('catalogue-requests', 'routes/staff-catalogue-requests.tsx'),
    route('catalogue-requests/post.csv', 'routes/staff-catalogue-requests-csv.ts'),
    route('reviews', 'routes/staff-reviews.tsx'),
    route('reviews/insights/:sku', 'routes/staff-review-insights.tsx'),
    route('reviews/:reviewId', 'routes/staff-review.tsx'),
    route('questions', 'routes/staff-questions.tsx'),
    route('help/:reference/return', 'routes/staff-help-return.tsx'),
    route('reports', 'routes/staff-reports.tsx'),
    route('search/synonyms', 'routes/staff-search-synonyms.tsx'),
    route('trade', 'routes/staff-trade.tsx'),
    route('trade/applications/:tradeExternalId', 'routes/staff-trade-application.tsx'),
    route('trade/accounts', 'routes/staff-trade-accounts.tsx'),
    route('trade/exposure', 'routes/staff-trade-exposure.tsx'),
    route('trade/webhooks', 'routes/staff-trade-webhooks.tsx'),
    route('trade/accounts/:id', 'routes/staff-trade-account.tsx'),
  ]),
  // Trade customers: the dashboard, applying, the application's status and the trade terms.
  route('trade', 'routes/trade-layout.tsx', [
    index('routes/trade-dashboard.tsx'),
    route('apply', 'routes/trade-apply.tsx'),
    route('application', 'routes/trade-application.tsx'),
    route('terms', 'routes/trade-terms.tsx'),
  ]),
  // Everything else: a real 404 response rendered inside the shop layout.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
