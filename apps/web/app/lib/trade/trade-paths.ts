/**
 * Where the trade pages live. A trade customer's pages are under `/trade` (the dashboard, applying,
 * the application's status, the terms); staff's under `/staff/trade`.
 */
export const TRADE_PATHS = {
  dashboard: '/trade',
  apply: '/trade/apply',
  application: '/trade/application',
  terms: '/trade/terms',
} as const;

export const STAFF_TRADE_PATHS = {
  queue: '/staff/trade',
  accounts: '/staff/trade/accounts',
} as const;

export const staffApplicationPath = (tradeExternalId: string) => `/staff/trade/applications/${encodeURIComponent(tradeExternalId)}`;
export const staffAccountPath = (tradeAccountId: number) => `/staff/trade/accounts/${tradeAccountId}`;

/** Who the staff trade pages are for (their contracts: role `trade-reviewer`), as the pages say so. */
export const TRADE_REVIEW_ROLES = ['trade-reviewer'] as const;
export const TRADE_REVIEW_AUDIENCE = { what: 'Reviewing trade accounts', who: 'trade account reviewers' };
