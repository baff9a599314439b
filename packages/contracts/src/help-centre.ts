/**
 * The help centre (issue 20, docs/domain.md §4 and §8.5): what every enquiry and order request is,
 * where it stands, and how long the team has to answer it. The calls themselves are declared in
 * `help-centre-enquiries.ts` (enquiries, feedback, careers), `help-centre-orders.ts` (order
 * self-service) and `help-centre-inbox.ts` (the staff inbox).
 */

/** Every kind of request that lands in the staff inbox, by the taxonomy's codes (§8.5) plus the shop's own. */
export const HELP_REQUEST_TYPES = [
  'PRICE_MATCH',
  'PRODUCT_QUESTION',
  'GENERAL_ENQUIRY',
  'RETAIL_PARTNER',
  'WEEE_RECYCLING',
  'ACCOUNT_DELETION',
  'TRADE_ENQUIRY',
  'TRADE_CALLBACK',
  'MARKETING_PRESS',
  'CATALOGUE_REQUEST',
  'FEEDBACK',
  'JOB_APPLICATION',
  'ORDER_CANCEL',
  'UNWANTED_ITEMS',
  'DAMAGED_MISSING',
  'RETURN_REFUND_QUERY',
  'ORDER_AMEND',
  'ORDER_QUESTION',
  'DELIVERY_TERMS',
] as const;
export type HelpRequestType = (typeof HELP_REQUEST_TYPES)[number];

/** The words staff and customers read for each type. */
export const HELP_REQUEST_TYPE_NAMES: Record<HelpRequestType, string> = {
  PRICE_MATCH: 'Price match',
  PRODUCT_QUESTION: 'Product question',
  GENERAL_ENQUIRY: 'General enquiry',
  RETAIL_PARTNER: 'Retail partner product form',
  WEEE_RECYCLING: 'Electrical recycling request',
  ACCOUNT_DELETION: 'Account deletion request',
  TRADE_ENQUIRY: 'Trade enquiry',
  TRADE_CALLBACK: 'Trade call-me-back',
  MARKETING_PRESS: 'Marketing and press',
  CATALOGUE_REQUEST: 'Catalogue request',
  FEEDBACK: 'Feedback',
  JOB_APPLICATION: 'Job application',
  ORDER_CANCEL: 'Cancellation',
  UNWANTED_ITEMS: 'Return of unwanted items',
  DAMAGED_MISSING: 'Damaged or missing items',
  RETURN_REFUND_QUERY: 'Refund for returned items',
  ORDER_AMEND: 'Change to an order',
  ORDER_QUESTION: 'Question about an order',
  DELIVERY_TERMS: 'Delivery terms',
};

/**
 * Who answers each type and how long they have (§8.5's routing), in working hours from submission:
 * the inbox counts a request past this as overdue. 8 working hours is one working day.
 */
export const HELP_REQUEST_ROUTING: Record<HelpRequestType, { team: string; workingHours: number }> = {
  PRICE_MATCH: { team: 'Sales', workingHours: 8 },
  PRODUCT_QUESTION: { team: 'Product team', workingHours: 16 },
  GENERAL_ENQUIRY: { team: 'Customer service', workingHours: 16 },
  RETAIL_PARTNER: { team: 'Buying', workingHours: 40 },
  WEEE_RECYCLING: { team: 'Operations', workingHours: 16 },
  // UK GDPR: one month to act on an erasure request; 20 working days keeps well inside it.
  ACCOUNT_DELETION: { team: 'Data protection officer', workingHours: 160 },
  TRADE_ENQUIRY: { team: 'Trade desk', workingHours: 8 },
  TRADE_CALLBACK: { team: 'Trade desk', workingHours: 4 },
  MARKETING_PRESS: { team: 'Marketing', workingHours: 24 },
  CATALOGUE_REQUEST: { team: 'Fulfilment', workingHours: 16 },
  FEEDBACK: { team: 'Customer service', workingHours: 40 },
  JOB_APPLICATION: { team: 'People team', workingHours: 80 },
  ORDER_CANCEL: { team: 'Customer service', workingHours: 4 },
  UNWANTED_ITEMS: { team: 'Returns', workingHours: 16 },
  DAMAGED_MISSING: { team: 'Customer service', workingHours: 8 },
  RETURN_REFUND_QUERY: { team: 'Returns', workingHours: 16 },
  ORDER_AMEND: { team: 'Customer service', workingHours: 4 },
  ORDER_QUESTION: { team: 'Customer service', workingHours: 8 },
  DELIVERY_TERMS: { team: 'Logistics', workingHours: 8 },
};

/** new: nobody has picked it up; waiting_for_customer: staff replied and asked something back. */
export const HELP_REQUEST_STATUSES = ['new', 'in_progress', 'waiting_for_customer', 'closed'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];
export const HELP_REQUEST_STATUS_NAMES: Record<HelpRequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  waiting_for_customer: 'Waiting for customer',
  closed: 'Closed',
};

/** Who wrote a message in a request's thread. */
export const HELP_MESSAGE_AUTHORS = ['customer', 'staff'] as const;
export type HelpMessageAuthor = (typeof HELP_MESSAGE_AUTHORS)[number];

/** A return's life: requested by the customer, authorised by staff (or refused), received at the warehouse, refunded. */
export const RETURN_STATUSES = ['requested', 'authorised', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** References people read out: `HC-` and six readable symbols for requests, `RT-` for returns. */
export const HELP_REQUEST_REFERENCE_PREFIX = 'HC-';
export const RETURN_REFERENCE_PREFIX = 'RT-';
export const REFERENCE_SYMBOLS = 6;
