/**
 * Order self-service in the storefront (issue 20, decisions 0031 and 0049): which forms an order
 * offers at each status, what each posts to the API, and the API's refusals as a form shows them.
 * Who may change the order: a signed-in customer (the storefront's session, decision 0063), or a
 * guest holding the link we e-mail, kept in a cookie of the order's pages (`order-link.ts`).
 */
import type { OrderStatus } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { formText } from '../form-text.ts';

export { formText };

export const ORDER_HELP_FORMS = ['cancel', 'return', 'report', 'question', 'amend', 'refund-query', 'delivery-terms'] as const;
export type OrderHelpForm = (typeof ORDER_HELP_FORMS)[number];

export const isOrderHelpForm = (value: string | undefined): value is OrderHelpForm => (ORDER_HELP_FORMS as readonly string[]).includes(value ?? '');

/** The link's words (what the customer wants to do), and the form page's title. */
export const ORDER_HELP_TITLES: Record<OrderHelpForm, string> = {
  cancel: 'Cancel items',
  return: 'Return unwanted items',
  report: 'Report damaged or missing items',
  question: 'Ask about this order',
  amend: 'Change this order',
  'refund-query': 'Ask about a refund',
  'delivery-terms': 'Confirm delivery terms',
};

export const orderHelpPath = (orderNumber: string, form: OrderHelpForm) => `/order-help/${encodeURIComponent(orderNumber)}/${form}`;
export const vatInvoicePath = (orderNumber: string) => `/order-help/${encodeURIComponent(orderNumber)}/vat-invoice`;

/** Which forms fit the order's status (docs/domain.md §7–8): the API checks each again. */
export function formsFor(status: OrderStatus): OrderHelpForm[] {
  switch (status) {
    case 'placed':
    case 'processing':
      return ['cancel', 'amend', 'delivery-terms', 'question'];
    case 'picking':
      return ['cancel', 'delivery-terms', 'question'];
    case 'dispatched':
      return ['cancel', 'report', 'question'];
    case 'delivered':
      return ['return', 'report', 'refund-query', 'question'];
    default:
      return ['refund-query', 'question'];
  }
}

/** The hidden field of order-help forms: what the post is for. Who is asking comes with the request's cookies, never a field. */
export const PROOF_FIELDS = { intent: 'intent' } as const;

export interface FieldProblem {
  /** The field's name in the form (the API's `body.<name>`, or `lines`). */
  field: string;
  message: string;
}

export interface FormProblems {
  fields: FieldProblem[];
  /** A refusal of the whole (not about one field). */
  problem: string | null;
}

/** The API's refusal as the form shows it: each field's message, and the detail when no field is named. */
export function problemsFrom(error: unknown): FormProblems {
  if (!(error instanceof ApiError)) return { fields: [], problem: 'Something went wrong on our side. Please try again in a minute.' };
  if (error.status === 429) return { fields: [], problem: 'Too many requests just now. Wait a minute and try again.' };
  if (error.status >= 500 || error.status === 0) return { fields: [], problem: 'Something went wrong on our side. Please try again in a minute.' };
  const data = error.data as { detail?: string; errors?: { path: string; message: string }[] } | null;
  const fields: FieldProblem[] = [];
  for (const entry of data?.errors ?? []) {
    const field = entry.path.replace(/^body\./, '').split('.')[0] ?? 'form';
    if (!fields.some((known) => known.field === field)) fields.push({ field, message: entry.message });
  }
  return { fields, problem: fields.length > 0 ? null : (data?.detail ?? error.message) };
}

export const fieldId = (field: string) => `order-help-${field}`;

/** The lines a form chose: `line` checkboxes with the position, `quantity-<position>` beside each. */
export function chosenLines(form: FormData): { position: number; quantity: number; opened?: boolean }[] {
  return form
    .getAll('line')
    .map((value) => Number(value))
    .filter((position) => Number.isInteger(position) && position >= 0)
    .map((position) => {
      const quantity = Number(form.get(`quantity-${position}`) ?? '1');
      const opened = form.get(`opened-${position}`);
      return { position, quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1, ...(opened !== null ? { opened: opened === 'yes' } : {}) };
    });
}

const text = formText;
const optional = (form: FormData, name: string) => text(form, name).trim() || undefined;

/** What a form posts to its API call (the API checks every field and answers in words). */
export function bodyFor(kind: Exclude<OrderHelpForm, 'report' | 'delivery-terms'>, form: FormData): Record<string, unknown> {
  switch (kind) {
    case 'cancel': {
      const lines = chosenLines(form).map(({ position, quantity }) => ({ position, quantity }));
      return { lines, reason: optional(form, 'reason') };
    }
    case 'return':
      return { lines: chosenLines(form), reason: text(form, 'reason'), comments: optional(form, 'comments') };
    case 'question':
      return { question: text(form, 'question') };
    case 'amend':
      return { change: text(form, 'change'), details: text(form, 'details') };
    case 'refund-query':
      return {
        returnReference: optional(form, 'returnReference'),
        sentOn: text(form, 'sentOn'),
        carrier: optional(form, 'carrier'),
        trackingNumber: optional(form, 'trackingNumber'),
        message: optional(form, 'message'),
      };
  }
}

/** What was typed, to draw a refused form again (files cannot be sent back: they are chosen again). */
export const typedValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== PROOF_FIELDS.intent && entry[0] !== 'line'),
  );

export const chosenPositions = (form: FormData): number[] => form.getAll('line').map((value) => Number(value));
