import { londonWallClockInstant } from '@shop/contracts/london-clock';
import {
  DISCOUNT_TYPES,
  londonSortableDateTime,
  SALES_CHANNELS,
  TARGET_TYPES,
  type CreateDiscount,
  type Discount,
  type DiscountType,
  type SalesChannel,
  type TargetType,
} from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { basisPointsToText, parsePercent, parsePounds, parseWholeNumber, penceToText, type Parsed } from './amounts.ts';

/** The promotion form as typed: text for every figure, so nothing is lost or rounded while editing. */
export interface PromotionFormValues {
  promotionCode: string;
  description: string;
  channels: SalesChannel[];
  targetType: TargetType;
  /** SKUs, category ids or brand ids (whichever the target type needs), separated by commas or lines. */
  targets: string;
  discountType: DiscountType;
  /** A percentage ("12.5") or pounds ("5.00"), by discount type. */
  value: string;
  minimumSpend: string;
  /** `datetime-local` values, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  combinesWithTradePricing: boolean;
  requiresIssueCode: boolean;
  issueCodeCount: string;
}

export type PromotionField = keyof PromotionFormValues;
export type FieldErrors = Partial<Record<PromotionField, string>>;
type Terms = Omit<CreateDiscount, 'promotionCode' | 'issueCodeCount'>;

/** The order fields appear in the form, so the error summary lists them top to bottom. */
export const FIELD_ORDER: readonly PromotionField[] = [
  'promotionCode',
  'description',
  'channels',
  'targetType',
  'targets',
  'discountType',
  'value',
  'minimumSpend',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'combinesWithTradePricing',
  'requiresIssueCode',
  'issueCodeCount',
];

/** `2026-11-21T14:05` in UK time: the form's times are the shop's, on the server and in the browser alike. */
export function toLocalInput(date: Date): string {
  return londonSortableDateTime(date).replace(' ', 'T');
}

/** A `datetime-local` value, read as UK time, as an ISO instant; null when it isn't one. */
export function fromLocalInput(value: string): string | null {
  return value.includes('T') ? (londonWallClockInstant(value)?.toISOString() ?? null) : null;
}

export function emptyPromotionForm(now: Date): PromotionFormValues {
  const start = new Date(now);
  start.setSeconds(0, 0);
  return {
    promotionCode: '',
    description: '',
    channels: [SALES_CHANNELS.Website],
    targetType: TARGET_TYPES.AllProducts,
    targets: '',
    discountType: DISCOUNT_TYPES.Percentage,
    value: '',
    minimumSpend: '0',
    startsAt: toLocalInput(start),
    endsAt: '',
    usageLimit: '',
    perCustomerLimit: '',
    combinesWithTradePricing: false,
    requiresIssueCode: false,
    issueCodeCount: '0',
  };
}

/** The promotion form as posted (a plain form, before or without the page's scripts). */
export function postedPromotionForm(form: FormData): PromotionFormValues {
  const text = (name: PromotionField) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const channels = form.getAll('channels');
  const targetType = Object.values(TARGET_TYPES).find((target) => String(target) === text('targetType')) ?? TARGET_TYPES.AllProducts;
  return {
    promotionCode: text('promotionCode').toUpperCase(),
    description: text('description'),
    channels: Object.values(SALES_CHANNELS).filter((channel) => channels.includes(String(channel))),
    targetType,
    targets: text('targets'),
    discountType: text('discountType') === String(DISCOUNT_TYPES.FixedAmount) ? DISCOUNT_TYPES.FixedAmount : DISCOUNT_TYPES.Percentage,
    value: text('value'),
    minimumSpend: text('minimumSpend'),
    startsAt: text('startsAt'),
    endsAt: text('endsAt'),
    usageLimit: text('usageLimit'),
    perCustomerLimit: text('perCustomerLimit'),
    combinesWithTradePricing: form.has('combinesWithTradePricing'),
    requiresIssueCode: form.has('requiresIssueCode'),
    issueCodeCount: text('issueCodeCount'),
  };
}

export function promotionFormValues({ promotion }: Discount): PromotionFormValues {
  const targets =
    promotion.targetType === TARGET_TYPES.SpecificProducts
      ? promotion.targetSkus
      : promotion.targetType === TARGET_TYPES.SpecificCategories
        ? promotion.targetCategoryIds
        : promotion.targetType === TARGET_TYPES.SpecificBrands
          ? promotion.targetBrandIds
          : [];
  return {
    promotionCode: promotion.promotionCode,
    description: promotion.description,
    channels: promotion.channels,
    targetType: promotion.targetType,
    targets: targets.join('\n'),
    discountType: promotion.discountType,
    value: promotion.discountType === DISCOUNT_TYPES.Percentage ? basisPointsToText(promotion.value) : penceToText(promotion.value),
    minimumSpend: penceToText(promotion.minimumSpendPence),
    startsAt: toLocalInput(new Date(promotion.startsAt)),
    endsAt: promotion.endsAt ? toLocalInput(new Date(promotion.endsAt)) : '',
    usageLimit: promotion.usageLimit === null ? '' : String(promotion.usageLimit),
    perCustomerLimit: promotion.perCustomerLimit === null ? '' : String(promotion.perCustomerLimit),
    combinesWithTradePricing: promotion.combinesWithTradePricing,
    requiresIssueCode: promotion.requiresIssueCode,
    issueCodeCount: '0',
  };
}

/** Target type → which list the API takes, and what each entry must look like. */
const TARGET_LISTS: Partial<Record<TargetType, { field: 'targetSkus' | 'targetCategoryIds' | 'targetBrandIds'; numeric: boolean; what: string }>> = {
  [TARGET_TYPES.SpecificProducts]: { field: 'targetSkus', numeric: false, what: 'SKU' },
  [TARGET_TYPES.SpecificCategories]: { field: 'targetCategoryIds', numeric: true, what: 'category id' },
  [TARGET_TYPES.SpecificBrands]: { field: 'targetBrandIds', numeric: true, what: 'brand id' },
};

export const targetListWhat = (targetType: TargetType) => TARGET_LISTS[targetType]?.what;

/** "A, b\nC" → ["A", "b", "C"]: commas, spaces or lines separate entries; repeats are dropped. */
export const splitList = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** Checks the form as the API would, and builds the terms the create and update calls take. */
export function checkTerms(values: PromotionFormValues): Checked<Terms> {
  const errors: FieldErrors = {};
  const take = (field: PromotionField, parsed: Parsed) => {
    if (parsed.ok) return parsed.value;
    errors[field] = parsed.message;
    return 0;
  };
  const optional = (field: PromotionField, text: string, max: number) => (text.trim() ? take(field, parseWholeNumber(text, { min: 1, max })) : null);

  const description = values.description.trim();
  if (!description) errors.description = 'Enter a description shoppers will see, for example “10% off orders over £100”';
  else if (description.length > 200) errors.description = `Use 200 characters or fewer (this has ${description.length})`;
  if (values.channels.length === 0) errors.channels = 'Choose at least one channel where the code can be used';

  const lists = { targetSkus: [] as string[], targetCategoryIds: [] as number[], targetBrandIds: [] as number[] };
  const list = TARGET_LISTS[values.targetType];
  if (list) {
    const entries = splitList(values.targets);
    if (entries.length === 0) errors.targets = `Enter at least one ${list.what}`;
    else if (entries.length > 1000) errors.targets = `Enter at most 1,000 of them (this has ${entries.length})`;
    else if (list.numeric) {
      const bad = entries.find((entry) => !/^[1-9]\d{0,9}$/.test(entry));
      if (bad) errors.targets = `“${bad}” isn’t a ${list.what}: use whole numbers, for example 12, 48`;
      else if (list.field === 'targetCategoryIds') lists.targetCategoryIds = entries.map(Number);
      else lists.targetBrandIds = entries.map(Number);
    } else {
      const bad = entries.find((entry) => entry.length > 60);
      if (bad) errors.targets = `“${bad.slice(0, 20)}…” is too long for a SKU (60 characters at most)`;
      else lists.targetSkus = entries;
    }
  }

  const value = take('value', values.discountType === DISCOUNT_TYPES.Percentage ? parsePercent(values.value) : parsePounds(values.value));
  if (values.discountType === DISCOUNT_TYPES.FixedAmount && value === 0 && !errors.value) errors.value = 'Enter an amount above £0';
  const minimumSpendPence = values.minimumSpend.trim() ? take('minimumSpend', parsePounds(values.minimumSpend)) : 0;

  const startsAt = fromLocalInput(values.startsAt);
  if (!startsAt) errors.startsAt = 'Enter the date and time the code starts working';
  const endsAt = values.endsAt ? fromLocalInput(values.endsAt) : null;
  if (values.endsAt && !endsAt) errors.endsAt = 'Enter a date and time, or leave it empty to run until changed';
  else if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = 'Enter an end after the start';

  const usageLimit = optional('usageLimit', values.usageLimit, 100_000_000);
  const perCustomerLimit = optional('perCustomerLimit', values.perCustomerLimit, 1000);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      description,
      channels: values.channels,
      targetType: values.targetType,
      ...lists,
      discountType: values.discountType,
      value,
      minimumSpendPence,
      startsAt: startsAt!,
      endsAt,
      usageLimit,
      perCustomerLimit,
      combinesWithTradePricing: values.combinesWithTradePricing,
      requiresIssueCode: values.requiresIssueCode,
    },
  };
}

export const MAX_ISSUE_CODES_PER_BATCH = 10_000;

/** The create call's body: the terms, the promotion code and how many issue codes to generate. */
export function checkNewPromotion(values: PromotionFormValues): Checked<CreateDiscount> {
  const terms = checkTerms(values);
  const errors: FieldErrors = terms.ok ? {} : { ...terms.errors };
  const code = values.promotionCode.trim();
  if (!code) errors.promotionCode = 'Enter the code shoppers will type, for example SPRING25';
  else if (!/^[A-Za-z0-9]{3,32}$/.test(code)) errors.promotionCode = 'Use 3 to 32 letters and digits, no spaces';
  // `/staff/discounts/new` is this form's own address: a promotion called NEW could not be opened.
  else if (code.toUpperCase() === 'NEW') errors.promotionCode = '“NEW” is reserved by the staff pages; choose another code';
  const count = values.issueCodeCount.trim()
    ? parseWholeNumber(values.issueCodeCount, { min: 0, max: MAX_ISSUE_CODES_PER_BATCH })
    : { ok: true as const, value: 0 };
  if (!count.ok) errors.issueCodeCount = count.message;
  else if (values.requiresIssueCode && count.value === 0) {
    errors.issueCodeCount = 'A code that needs issue codes can’t be used without them: generate some now (you can add more later)';
  }
  if (!terms.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { promotionCode: code.toUpperCase(), ...terms.body, issueCodeCount: count.ok ? count.value : 0 } };
}

/** The API's names for fields (`body.minimumSpendPence`) onto the form's. */
const API_FIELDS: Record<string, PromotionField> = {
  minimumSpendPence: 'minimumSpend',
  targetSkus: 'targets',
  targetCategoryIds: 'targets',
  targetBrandIds: 'targets',
};

export interface ServerProblem {
  /** Messages for fields of the form. */
  fields: FieldErrors;
  /** What could not be put next to a field: the problem's detail, or messages for unknown paths. */
  general: string[];
}

/** A failed create or update, as messages for the form: problem+json `errors[]` go onto their fields. */
export function serverProblem(error: unknown, fallback: (error: unknown) => string): ServerProblem {
  const problem: ServerProblem = { fields: {}, general: [] };
  const data = error instanceof ApiError ? (error.data as { code?: unknown; errors?: unknown } | null) : null;
  const items = data && typeof data === 'object' && Array.isArray(data.errors) ? (data.errors as { path?: unknown; message?: unknown }[]) : [];
  for (const item of items) {
    const message = typeof item.message === 'string' ? item.message : 'Check this value';
    const name = typeof item.path === 'string' ? item.path.replace(/^body\./, '').split('.')[0]! : '';
    const field = API_FIELDS[name] ?? (FIELD_ORDER.includes(name as PromotionField) ? (name as PromotionField) : undefined);
    if (field) problem.fields[field] ??= message;
    else problem.general.push(message);
  }
  // A code already taken is a 409 without `errors[]`; it belongs next to the code.
  if (data && typeof data === 'object' && data.code === 'PROMOTION_CODE_TAKEN' && error instanceof ApiError) {
    problem.fields.promotionCode = error.message;
  } else if (items.length === 0) {
    problem.general.push(fallback(error));
  }
  return problem;
}

/**
 * Only the terms the form changed, for the update call ("fields left out keep their values"): an
 * untouched start time is not re-sent rounded to the minute.
 */
export function changedTerms(initial: PromotionFormValues, values: PromotionFormValues): Checked<Partial<Terms>> {
  const now = checkTerms(values);
  if (!now.ok) return now;
  const before = checkTerms(initial);
  if (!before.ok) return now;
  const changes: Partial<Record<keyof Terms, unknown>> = {};
  for (const key of Object.keys(now.body) as (keyof Terms)[]) {
    if (JSON.stringify(now.body[key]) !== JSON.stringify(before.body[key])) changes[key] = now.body[key];
  }
  return { ok: true, body: changes as Partial<Terms> };
}
