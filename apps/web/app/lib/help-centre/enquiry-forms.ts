import {
  CALLBACK_SLOT_NAMES,
  ENQUIRY_TOPIC_NAMES,
  TRADE_TYPE_NAMES,
  WEEE_ITEM_TYPE_NAMES,
  WEEE_MAX_PHOTOS,
  WEEE_METHOD_NAMES,
  WEEE_TAKE_BACK_DAYS,
  londonDue,
} from '@shop/contracts';

/**
 * The help centre's forms (issue 20, §8.5's taxonomy), described once: the contact page lists them,
 * one page draws any of them, and its action turns what was posted into the call's body. The API
 * checks everything and words every refusal; these only say what to ask.
 */

export type FieldKind = 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'radios' | 'yes-no' | 'consent' | 'date' | 'pounds' | 'rating' | 'files';

export interface FormFieldSpec {
  /** The body's field; `address.town` is nested. */
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  optional?: boolean;
  options?: readonly { value: string; label: string }[];
  autoComplete?: string;
  /** Files: what the picker offers (the API decides by content) and how many. */
  accept?: string;
  maxFiles?: number;
}

export interface EnquiryFormSpec {
  slug: string;
  title: string;
  /** One line on the contact page. */
  summary: string;
  intro?: string;
  /** The API call, under the help-centre service. */
  path: string;
  fields: readonly FormFieldSpec[];
  /** Asks a guest's name and e-mail address first (a signed-in customer's come from their account). */
  contact: boolean;
  submitLabel: string;
  multipart?: boolean;
  /** What the success panel says was done. */
  sentTitle: string;
  /** Product forms take the product code from the product page's link. */
  takesSku?: boolean;
}

const optionsOf = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

const SKU: FormFieldSpec = {
  name: 'sku',
  label: 'Product code',
  kind: 'text',
  hint: 'On the product page, under its name, like PL000109-1',
  autoComplete: 'off',
};
const PHONE_OPTIONAL: FormFieldSpec = { name: 'phone', label: 'Phone number', kind: 'tel', optional: true, autoComplete: 'tel' };
const POSTCODE: FormFieldSpec = { name: 'postcode', label: 'Postcode', kind: 'text', autoComplete: 'postal-code' };

export const ENQUIRY_FORMS: readonly EnquiryFormSpec[] = [
  {
    slug: 'general-enquiry',
    title: 'General enquiry',
    summary: 'Anything else: products, delivery, an order or our website.',
    path: '/Enquiry/general-enquiry',
    contact: true,
    fields: [
      PHONE_OPTIONAL,
      { name: 'topic', label: 'What is it about?', kind: 'select', options: optionsOf(ENQUIRY_TOPIC_NAMES) },
      { name: 'orderNumber', label: 'Order number', kind: 'text', optional: true, hint: 'If it is about an order, like BP10000001' },
      { name: 'message', label: 'Your message', kind: 'textarea' },
    ],
    submitLabel: 'Send enquiry',
    sentTitle: 'Enquiry sent',
  },
  {
    slug: 'product-question',
    title: 'Ask a question about a product',
    summary: 'Sizes, fitting, water pressure or anything the product page does not say.',
    path: '/Enquiry/product-question',
    contact: true,
    takesSku: true,
    fields: [
      SKU,
      { name: 'question', label: 'Your question', kind: 'textarea' },
      {
        name: 'mayPublish',
        label: 'You may show my question and your answer on the product page (without my e-mail address)',
        kind: 'consent',
        optional: true,
      },
    ],
    submitLabel: 'Send question',
    sentTitle: 'Question sent',
  },
  {
    slug: 'price-match',
    title: 'Seen it cheaper?',
    summary: 'We will match a lower delivered price for the same item in stock elsewhere.',
    intro: 'We match like for like: the same product, in stock at the other shop, and its price including VAT and delivery.',
    path: '/Enquiry/product-price',
    contact: true,
    takesSku: true,
    fields: [
      SKU,
      { name: 'competitorUrl', label: 'Web address of the other shop’s product page', kind: 'url', hint: 'Like https://www.example.co.uk/product' },
      { name: 'competitorPricePence', label: 'Their price, including VAT and delivery', kind: 'pounds', hint: 'In pounds, like 129.99' },
      { name: 'competitorInStock', label: 'Do they have it in stock?', kind: 'yes-no' },
      { name: 'competitorDelivery', label: 'How quickly do they deliver it?', kind: 'text', hint: 'Like “next working day”' },
      { name: 'message', label: 'Anything else', kind: 'textarea', optional: true },
    ],
    submitLabel: 'Ask for a price match',
    sentTitle: 'Price match request sent',
  },
  {
    slug: 'email-a-product',
    title: 'E-mail a product to a friend',
    summary: 'Send a friend a link to a product, with its price.',
    path: '/Enquiry/product-email',
    contact: false,
    takesSku: true,
    fields: [
      SKU,
      { name: 'senderName', label: 'Your name', kind: 'text', autoComplete: 'name' },
      { name: 'friendName', label: 'Your friend’s name', kind: 'text', optional: true },
      { name: 'friendEmailAddress', label: 'Your friend’s e-mail address', kind: 'email' },
      { name: 'message', label: 'Message', kind: 'textarea', optional: true },
    ],
    submitLabel: 'Send e-mail',
    sentTitle: 'E-mail sent',
  },
  {
    slug: 'back-in-stock',
    title: 'Tell me when it is back in stock',
    summary: 'One e-mail when an out-of-stock product can be ordered again.',
    path: '/Enquiry/product-notification-request',
    contact: false,
    takesSku: true,
    fields: [
      SKU,
      { name: 'emailAddress', label: 'Your e-mail address', kind: 'email', autoComplete: 'email', hint: 'If you are signed in, we use your account’s' },
    ],
    submitLabel: 'Notify me',
    sentTitle: 'We will e-mail you',
  },
  {
    slug: 'electrical-recycling',
    title: 'Recycle an old electrical item (WEEE)',
    summary: `Free take-back of your old item when you buy a new one, within ${WEEE_TAKE_BACK_DAYS} days.`,
    intro:
      `When you buy a new electrical item from us, we take back an old one of the same kind free, for ${WEEE_TAKE_BACK_DAYS} days after you bought it. ` +
      'Collection from your home may be charged.',
    path: '/Enquiry/electrical-recycling-request',
    contact: true,
    multipart: true,
    fields: [
      PHONE_OPTIONAL,
      {
        name: 'orderNumber',
        label: 'Order number of the new item',
        kind: 'text',
        optional: true,
        hint: 'Like BP10000001. Without one, tell us the date you bought it.',
      },
      { name: 'purchaseDate', label: 'Date you bought the new item', kind: 'date', optional: true },
      { name: 'newItem', label: 'New item you bought', kind: 'text' },
      { name: 'oldItemType', label: 'Type of old item', kind: 'select', options: optionsOf(WEEE_ITEM_TYPE_NAMES) },
      { name: 'method', label: 'How will it reach us?', kind: 'radios', options: optionsOf(WEEE_METHOD_NAMES) },
      POSTCODE,
      {
        name: 'photos',
        label: 'Photos of the old item',
        kind: 'files',
        accept: 'image/jpeg,image/png',
        maxFiles: WEEE_MAX_PHOTOS,
        hint: `JPG or PNG, up to ${WEEE_MAX_PHOTOS}, each smaller than 5MB`,
      },
      { name: 'notes', label: 'Anything else', kind: 'textarea', optional: true },
    ],
    submitLabel: 'Send recycling request',
    sentTitle: 'Recycling request sent',
  },
  {
    slug: 'trade-enquiry',
    title: 'Trade enquiry',
    summary: 'Trade accounts, bands and credit: ask our trade desk.',
    path: '/Enquiry/trade',
    contact: true,
    fields: [
      PHONE_OPTIONAL,
      { name: 'companyName', label: 'Company name', kind: 'text', autoComplete: 'organization' },
      { name: 'companyNumberOrVat', label: 'Companies House or VAT number', kind: 'text', optional: true },
      { name: 'tradeType', label: 'Your trade', kind: 'select', options: optionsOf(TRADE_TYPE_NAMES) },
      { name: 'query', label: 'Your query', kind: 'textarea' },
    ],
    submitLabel: 'Send trade enquiry',
    sentTitle: 'Trade enquiry sent',
  },
  {
    slug: 'trade-call-back',
    title: 'Ask the trade desk to call you',
    summary: 'Choose a day and time and we will ring you.',
    path: '/Enquiry/trade/call-me-back',
    contact: true,
    fields: [
      { name: 'companyName', label: 'Company name', kind: 'text', autoComplete: 'organization' },
      { name: 'phone', label: 'Phone number', kind: 'tel', autoComplete: 'tel' },
      { name: 'preferredDate', label: 'Day to call', kind: 'date', hint: 'A weekday in the next 30 days' },
      { name: 'slot', label: 'Time to call', kind: 'radios', options: optionsOf(CALLBACK_SLOT_NAMES) },
      { name: 'topic', label: 'What would you like to talk about?', kind: 'textarea' },
    ],
    submitLabel: 'Ask for a call',
    sentTitle: 'Call booked',
  },
  {
    slug: 'marketing-and-press',
    title: 'Marketing and press',
    summary: 'Journalists, partnerships and marketing enquiries.',
    path: '/Enquiry/marketing-and-press',
    contact: true,
    fields: [
      PHONE_OPTIONAL,
      { name: 'organisation', label: 'Organisation', kind: 'text', autoComplete: 'organization' },
      { name: 'brief', label: 'Your brief', kind: 'textarea' },
    ],
    submitLabel: 'Send enquiry',
    sentTitle: 'Enquiry sent',
  },
  {
    slug: 'retail-partner',
    title: 'Sell your products through us',
    summary: 'Suppliers and brands: tell our buying team about your range.',
    path: '/Enquiry/retail-partner-product-form',
    contact: true,
    fields: [
      PHONE_OPTIONAL,
      { name: 'companyName', label: 'Company name', kind: 'text', autoComplete: 'organization' },
      { name: 'website', label: 'Website', kind: 'url', optional: true },
      { name: 'products', label: 'Your products', kind: 'textarea', hint: 'What you make or supply, and for which rooms' },
    ],
    submitLabel: 'Send to our buyers',
    sentTitle: 'Sent to our buying team',
  },
  {
    slug: 'account-deletion',
    title: 'Delete my account and personal data',
    summary: 'Ask us to erase your account under UK GDPR.',
    intro:
      'We delete your account, name, e-mail address and password. ' +
      'We must keep the records of your orders (amounts, VAT and invoice details) for 6 years for HMRC. ' +
      'If you are not signed in, we e-mail you a link to confirm it is you first.',
    path: '/Enquiry/account-deactivation-delete-request',
    contact: true,
    fields: [{ name: 'reason', label: 'Why do you want your account deleted?', kind: 'textarea' }],
    submitLabel: 'Ask for my account to be deleted',
    sentTitle: 'Deletion request sent',
  },
];

export const FEEDBACK_FORM: EnquiryFormSpec = {
  slug: 'feedback',
  title: 'Tell us what you think',
  summary: 'Feedback about our shop and website.',
  path: '/Feedback',
  contact: true,
  fields: [
    {
      name: 'rating',
      label: 'How was your visit?',
      kind: 'rating',
      options: [
        { value: '5', label: '5 – Very good' },
        { value: '4', label: '4 – Good' },
        { value: '3', label: '3 – Neither good nor poor' },
        { value: '2', label: '2 – Poor' },
        { value: '1', label: '1 – Very poor' },
      ],
    },
    { name: 'comment', label: 'Your comments', kind: 'textarea' },
    { name: 'page', label: 'Which page is it about?', kind: 'text', optional: true, hint: 'Like “checkout”' },
  ],
  submitLabel: 'Send feedback',
  sentTitle: 'Thank you for your feedback',
};

export const jobApplicationForm = (roles: readonly { id: string; title: string; location: string }[]): EnquiryFormSpec => ({
  slug: 'job-application',
  title: 'Apply for a job',
  summary: 'Send your CV for one of our open roles.',
  path: '/Careers/job-application-request',
  contact: true,
  multipart: true,
  fields: [
    { name: 'phone', label: 'Phone number', kind: 'tel', autoComplete: 'tel' },
    { name: 'roleId', label: 'Role', kind: 'select', options: roles.map((role) => ({ value: role.id, label: `${role.title}, ${role.location}` })) },
    { name: 'cv', label: 'Your CV', kind: 'files', maxFiles: 1, accept: '.pdf,.doc,.docx,application/pdf', hint: 'PDF or Word document, smaller than 5MB' },
    { name: 'coverNote', label: 'Cover note', kind: 'textarea', hint: 'Why you would like the role, and what you would bring' },
  ],
  submitLabel: 'Send application',
  sentTitle: 'Application sent',
});

/**
 * Help-centre forms that became a page of their own, and where they went: old links are sent on.
 * The printed catalogue is asked for at /catalogue only (with "Find address"), so there is one way.
 */
export const MOVED_FORMS: Readonly<Record<string, { to: string; title: string; summary: string }>> = {
  'catalogue-request': { to: '/catalogue', title: 'Order a printed catalogue', summary: 'Our bathroom brochure by post.' },
};

export const enquiryFormOf = (slug: string | undefined): EnquiryFormSpec | undefined => ENQUIRY_FORMS.find((form) => form.slug === slug);

/** The id of a field's control, for its label and the error summary's link. */
export const fieldId = (name: string): string => `enquiry-${name.replace(/\./g, '-')}`;

/** The fields a form asks, with a guest's name and e-mail address first when it has them. */
export function fieldsOf(form: EnquiryFormSpec): FormFieldSpec[] {
  const contact: FormFieldSpec[] = form.contact
    ? [
        { name: 'name', label: 'Your name', kind: 'text', autoComplete: 'name', hint: 'If you are signed in, we use your account’s' },
        { name: 'emailAddress', label: 'Your e-mail address', kind: 'email', autoComplete: 'email', hint: 'We reply to this address' },
      ]
    : [];
  return [...contact, ...form.fields];
}

/**
 * What a form starts with for a signed-in customer: their account's name and e-mail address in the
 * contact fields (the API uses the account's anyway), and the order it was opened for, when the form
 * asks for one (`?orderNumber=` from the order's page). What is typed or refused always comes first.
 */
/** A signed-in customer's details, as the forms fill them in. */
export interface SignedInContact {
  name?: string;
  email?: string;
}

export function prefilledValues(form: EnquiryFormSpec, user: SignedInContact | null, orderNumber: string | null): Record<string, string> {
  const asks = (name: string) => fieldsOf(form).some((field) => field.name === name);
  const values: Record<string, string> = {};
  if (user?.name && asks('name')) values.name = user.name;
  if (user?.email && asks('emailAddress')) values.emailAddress = user.email;
  if (orderNumber && asks('orderNumber')) values.orderNumber = orderNumber;
  return values;
}

/** "129.99" or "£1,299" as pence; anything else is sent as typed, so the API's message says what to enter. */
export function poundsToPence(typed: string): number | string {
  const cleaned = typed.replace(/[£,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return typed;
  return Math.round(Number(cleaned) * 100);
}

/** What a JSON form posted, as the call's body: blanks left out, numbers and yes/no as the API takes them. */
export function bodyFromForm(form: EnquiryFormSpec, posted: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(form)) {
    const raw = posted.get(field.name);
    const text = typeof raw === 'string' ? raw.trim() : '';
    let value: unknown;
    if (field.kind === 'consent') value = text === 'yes';
    else if (text === '') continue;
    else if (field.kind === 'pounds') value = poundsToPence(text);
    else if (field.kind === 'rating') value = /^\d$/.test(text) ? Number(text) : text;
    else if (field.kind === 'yes-no') value = text === 'yes' ? true : text === 'no' ? false : text;
    else value = text;
    const [head, tail] = field.name.split('.');
    if (tail) body[head!] = { ...(body[head!] as object | undefined), [tail]: value };
    else body[field.name] = value;
  }
  return body;
}

/** What was typed, kept to draw the form again after a refusal (never files). */
export function typedValues(posted: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of posted.entries()) if (typeof value === 'string') values[name] = value;
  return values;
}

/** "Wednesday 25 November at 10:30": when the team aims to answer, London time. */
export const readableDue = (dueAt: string): string => londonDue(dueAt, ' at ');

export interface EnquirySent {
  sent: true;
  title: string;
  reference: string | null;
  dueAt: string | null;
  nextSteps: string[];
  /** Back-in-stock: the same request was already waiting. */
  alreadyWaiting?: boolean;
  productName?: string;
  sentTo?: string;
}

export interface EnquiryRefused {
  sent: false;
  values: Record<string, string>;
  /** For the error summary, each linked to its field when the API named one. */
  problems: { message: string; fieldId?: string }[];
  /** Beside each field, by its name. */
  fieldErrors: Record<string, string>;
}
