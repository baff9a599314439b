import { DISCOUNT_TYPES, formatPence, TARGET_TYPES, type DiscountType, type SalesChannel, type TargetType } from '@shop/contracts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { parsePercent, parsePounds } from '../../lib/staff-discounts/amounts.ts';
import {
  FIELD_ORDER,
  splitList,
  targetListWhat,
  type FieldErrors,
  type PromotionField,
  type PromotionFormValues,
  type ServerProblem,
} from '../../lib/staff-discounts/form.ts';
import { CHANNEL_LABELS, CHANNELS, TARGET_LABELS, TARGETS } from '../../lib/staff-discounts/promotion.ts';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, controlClasses } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

export interface PromotionFormProps<T> {
  mode: 'create' | 'edit';
  initial: PromotionFormValues;
  /**
   * Checks the values in the browser once scripts run (or says what is wrong, field by field); the
   * form is a plain form posted to the page's action, which checks it again, so it works before.
   */
  check: (values: PromotionFormValues) => Checked<T>;
  /** What the page's action refused the posted form for (with `initial` holding what was typed). */
  refused?: ServerProblem | null;
  /** Which of the page's steps the posted form is, for a page with more than one. */
  intent?: string;
  submitLabel: string;
  /** Shown beside the submit button (e.g. a cancel link). */
  actions?: ReactNode;
}

const FIELD_LABELS: Record<PromotionField, string> = {
  promotionCode: 'Promotion code',
  description: 'Description',
  channels: 'Channels',
  targetType: 'What it discounts',
  targets: 'Targets',
  discountType: 'Discount type',
  value: 'Discount',
  minimumSpend: 'Minimum spend',
  startsAt: 'Starts',
  endsAt: 'Ends',
  usageLimit: 'Total uses allowed',
  perCustomerLimit: 'Uses per customer',
  combinesWithTradePricing: 'Trade pricing',
  requiresIssueCode: 'Single-use issue codes only',
  issueCodeCount: 'Issue codes to generate',
};

const TARGET_HINTS: Partial<Record<TargetType, string>> = {
  [TARGET_TYPES.SpecificProducts]: 'One SKU per line, or separated by commas. Only these products are discounted.',
  [TARGET_TYPES.SpecificCategories]:
    'Category ids, one per line or separated by commas. A line qualifies when its product’s own category is listed: name each sub-category you want.',
  [TARGET_TYPES.SpecificBrands]: 'Brand ids, one per line or separated by commas.',
};

const fieldId = (field: PromotionField) => `promotion-${field}`;

/** The terms of a promotion: used to create one and to edit one. */
export function PromotionForm<T>({ mode, initial, check, refused = null, intent, submitLabel, actions }: PromotionFormProps<T>) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<ServerProblem | null>(refused);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && (navigation.formData?.get('intent') ?? undefined) === intent;
  const summaryRef = useRef<HTMLDivElement>(null);
  // A refusal from the page's action: the keyboard goes to its summary.
  useEffect(() => {
    if (refused) summaryRef.current?.focus();
  }, [refused]);
  const set = <K extends PromotionField>(field: K, value: PromotionFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const errors = problem?.fields ?? {};
  const error = (field: PromotionField) => errors[field] ?? null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const checked = check(values);
    // Checked here, the posted form goes to the page's action, which checks it again.
    if (checked.ok) return;
    event.preventDefault();
    setProblem({ fields: checked.errors, general: [] });
    // After React has drawn the summary.
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const listed = FIELD_ORDER.filter((field) => errors[field]);
  const percentage = values.discountType === DISCOUNT_TYPES.Percentage;
  const listWhat = targetListWhat(values.targetType);

  return (
    <Form method="post" noValidate onSubmit={onSubmit} aria-label={mode === 'create' ? 'New promotion' : 'Promotion terms'} className="space-y-8">
      {intent && <input type="hidden" name="intent" value={intent} />}
      {problem && (listed.length > 0 || problem.general.length > 0) && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="promotion-problems"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
        >
          <h2 id="promotion-problems" className="text-lg font-bold text-navy-950">
            {mode === 'create' ? 'The promotion wasn’t created' : 'Your changes weren’t saved'}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-navy-900">
            {problem.general.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {listed.map((field) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} className="font-semibold text-red-800 underline underline-offset-3">
                  {FIELD_LABELS[field]}: {errors[field]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <Section title="The code">
        {mode === 'create' && (
          <FormField
            id={fieldId('promotionCode')}
            label="Promotion code"
            hint="What shoppers type at the basket: 3 to 32 letters and digits. Saved in capitals; it can’t be changed later."
            error={error('promotionCode')}
          >
            {(control) => (
              <Input
                {...control}
                name="promotionCode"
                value={values.promotionCode}
                onChange={(event) => set('promotionCode', event.target.value.toUpperCase())}
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                className="max-w-xs font-mono uppercase"
              />
            )}
          </FormField>
        )}
        <FormField
          id={fieldId('description')}
          label="Description"
          hint="What the shopper is told when the code is applied, e.g. “10% off orders over £100”. Up to 200 characters."
          error={error('description')}
        >
          {(control) => (
            <Input {...control} name="description" value={values.description} onChange={(event) => set('description', event.target.value)} maxLength={200} />
          )}
        </FormField>
        <fieldset id={fieldId('channels')} tabIndex={-1} aria-describedby="promotion-channels-hint" className="space-y-2 focus:outline-none">
          <legend className="text-sm font-semibold text-navy-950">Channels</legend>
          <p id="promotion-channels-hint" className="text-sm text-navy-600">
            Where the code can be used. Choose at least one.
          </p>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {CHANNELS.map((channel) => (
              <Checkbox
                key={channel}
                name="channels"
                value={channel}
                label={CHANNEL_LABELS[channel]}
                checked={values.channels.includes(channel)}
                onChange={(event) =>
                  set(
                    'channels',
                    event.target.checked
                      ? CHANNELS.filter((each) => each === channel || values.channels.includes(each))
                      : values.channels.filter((each): each is SalesChannel => each !== channel),
                  )
                }
              />
            ))}
          </div>
          <FieldError message={error('channels')} />
        </fieldset>
      </Section>

      <Section title="The discount" className="group/discount">
        <FormField id={fieldId('targetType')} label="What it discounts" error={error('targetType')}>
          {(control) => (
            <Select
              {...control}
              name="targetType"
              value={String(values.targetType)}
              onChange={(event) => set('targetType', Number(event.target.value) as TargetType)}
              className="max-w-sm"
            >
              {TARGETS.map((target) => (
                // The list's field shows by CSS when one of these is chosen, before scripts run too.
                <option key={target} value={target} data-list={targetListWhat(target) ? '' : undefined}>
                  {TARGET_LABELS[target]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          id={fieldId('targets')}
          label={listWhat ? `${listWhat[0]!.toUpperCase()}${listWhat.slice(1)}s` : 'Products, categories or brands'}
          hint={TARGET_HINTS[values.targetType] ?? 'SKUs, category ids or brand ids, one per line or separated by commas.'}
          error={error('targets')}
          className="hidden group-has-[option[data-list]:checked]/discount:block"
        >
          {(control) => (
            <>
              <textarea
                {...control}
                name="targets"
                value={values.targets}
                onChange={(event) => set('targets', event.target.value)}
                rows={4}
                spellCheck={false}
                className={cn(controlClasses, 'max-w-xl py-2.5 font-mono')}
              />
              <p className="text-sm text-navy-600" aria-live="polite">
                {countWords(splitList(values.targets).length, listWhat ?? 'entry')}
              </p>
            </>
          )}
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-navy-950">Discount type</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                [DISCOUNT_TYPES.Percentage, 'Percentage off'],
                [DISCOUNT_TYPES.FixedAmount, 'Fixed amount off'],
              ] as [DiscountType, string][]
            ).map(([type, label]) => (
              <label key={type} className="flex cursor-pointer items-center gap-2 text-sm font-medium text-navy-950">
                <input
                  type="radio"
                  name="discountType"
                  value={type}
                  className="size-5 accent-teal-700"
                  checked={values.discountType === type}
                  onChange={() => set('discountType', type)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField
            id={fieldId('value')}
            label={<ByType percent="Discount (%)" pounds="Discount (£)" />}
            hint={<ByType percent="A percentage up to 100, with up to 2 decimals, e.g. 12.5" pounds="Pounds and pence including VAT, e.g. 5.00" />}
            error={error('value')}
          >
            {(control) => (
              <>
                <Affixed prefix={<ByType percent={null} pounds="£" />} suffix={<ByType percent="%" pounds={null} />}>
                  <Input
                    {...control}
                    name="value"
                    value={values.value}
                    onChange={(event) => set('value', event.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </Affixed>
                <AmountHint text={values.value} percentage={percentage} />
              </>
            )}
          </FormField>
          <FormField
            id={fieldId('minimumSpend')}
            label="Minimum spend (£)"
            hint="The basket’s goods total including VAT, before this discount. 0 for none."
            error={error('minimumSpend')}
          >
            {(control) => (
              <>
                <Affixed prefix="£">
                  <Input
                    {...control}
                    name="minimumSpend"
                    value={values.minimumSpend}
                    onChange={(event) => set('minimumSpend', event.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                  />
                </Affixed>
                <AmountHint text={values.minimumSpend} percentage={false} />
              </>
            )}
          </FormField>
        </div>
      </Section>

      <Section title="When and how often">
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id={fieldId('startsAt')} label="Starts" hint="Date and time, UK time." error={error('startsAt')}>
            {(control) => (
              <Input {...control} type="datetime-local" name="startsAt" value={values.startsAt} onChange={(event) => set('startsAt', event.target.value)} />
            )}
          </FormField>
          <FormField
            id={fieldId('endsAt')}
            label="Ends (optional)"
            hint="The code stops working at this time. Leave empty to run until changed."
            error={error('endsAt')}
          >
            {(control) => (
              <Input {...control} type="datetime-local" name="endsAt" value={values.endsAt} onChange={(event) => set('endsAt', event.target.value)} />
            )}
          </FormField>
          <FormField
            id={fieldId('usageLimit')}
            label="Total uses allowed (optional)"
            hint="Across all customers. Leave empty for no limit."
            error={error('usageLimit')}
          >
            {(control) => (
              <Input
                {...control}
                name="usageLimit"
                value={values.usageLimit}
                onChange={(event) => set('usageLimit', event.target.value)}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            id={fieldId('perCustomerLimit')}
            label="Uses per customer (optional)"
            hint="Counted for signed-in customers, up to 1,000. Leave empty for no limit."
            error={error('perCustomerLimit')}
          >
            {(control) => (
              <Input
                {...control}
                name="perCustomerLimit"
                value={values.perCustomerLimit}
                onChange={(event) => set('perCustomerLimit', event.target.value)}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
          </FormField>
        </div>
        <Checkbox
          id={fieldId('combinesWithTradePricing')}
          label="Can be used with trade prices"
          hint="Applies to baskets already priced at a trade account’s prices. Leave unticked to keep trade and promotional discounts apart."
          name="combinesWithTradePricing"
          checked={values.combinesWithTradePricing}
          onChange={(event) => set('combinesWithTradePricing', event.target.checked)}
        />
        <Checkbox
          id={fieldId('requiresIssueCode')}
          label="Only through single-use issue codes"
          hint="Shoppers must type one of the promotion’s issue codes (e.g. from a leaflet); the promotion code itself is then refused at the basket."
          name="requiresIssueCode"
          checked={values.requiresIssueCode}
          onChange={(event) => set('requiresIssueCode', event.target.checked)}
        />
        {mode === 'create' && (
          <FormField
            id={fieldId('issueCodeCount')}
            label="Single-use issue codes to generate"
            hint="Each code works once. Up to 10,000 now; you can add more later and download them as a CSV file."
            error={error('issueCodeCount')}
          >
            {(control) => (
              <Input
                {...control}
                name="issueCodeCount"
                value={values.issueCodeCount}
                onChange={(event) => set('issueCodeCount', event.target.value)}
                inputMode="numeric"
                autoComplete="off"
                className="max-w-40"
              />
            )}
          </FormField>
        )}
      </Section>

      <div className="flex flex-wrap items-center gap-3 border-t border-navy-100 pt-6">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </Form>
  );
}

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <fieldset className={cn('space-y-5 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6', className)}>
      <legend className="px-1 text-base font-bold text-navy-950">{title}</legend>
      {children}
    </fieldset>
  );
}

function FieldError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-sm font-medium text-red-700">
      <span className="sr-only">Error: </span>
      {message}
    </p>
  );
}

/**
 * Words for a percentage or for an amount off: the discount type chosen shows one of them by CSS, so
 * they are right before the page's scripts run too.
 */
function ByType({ percent, pounds }: { percent: ReactNode; pounds: ReactNode }) {
  return (
    <>
      <span className="group-has-[input[name=discountType][value='2']:checked]/discount:hidden">{percent}</span>
      <span className="hidden group-has-[input[name=discountType][value='2']:checked]/discount:inline">{pounds}</span>
    </>
  );
}

/** A "£" before or "%" after an input, outside its text. */
function Affixed({ prefix, suffix, children }: { prefix?: ReactNode; suffix?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative max-w-48">
      {prefix && (
        <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-navy-700" aria-hidden="true">
          {prefix}
        </span>
      )}
      <div className={cn(prefix !== undefined && '[&_input]:pl-8', suffix !== undefined && '[&_input]:pr-9')}>{children}</div>
      {suffix && (
        <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-navy-700" aria-hidden="true">
          {suffix}
        </span>
      )}
    </div>
  );
}

/** What the API will store for the typed amount, as the staff member types it. */
function AmountHint({ text, percentage }: { text: string; percentage: boolean }) {
  if (!text.trim()) return null;
  const parsed = percentage ? parsePercent(text) : parsePounds(text);
  // Nothing to explain about "0" or a typo (the error says what is wrong on submit).
  if (!parsed.ok || parsed.value === 0) return null;
  return (
    <p className="text-sm text-navy-600">
      {percentage
        ? `Saved as ${parsed.value.toLocaleString('en-GB')} basis points`
        : `Saved as ${formatPence(parsed.value)} (${parsed.value.toLocaleString('en-GB')}p)`}
    </p>
  );
}

const countWords = (count: number, what: string) => (count === 1 ? `1 ${what}` : `${count.toLocaleString('en-GB')} ${what}s`);
