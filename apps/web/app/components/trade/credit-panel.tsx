import { formatPence, type MerchantCustomerUser } from '@shop/contracts';
import { Form, useNavigation } from 'react-router';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Notice } from './trade-panels.tsx';

/** What the dashboard's credit forms answered: the step done (after its redirect), or the problem and each field's message, with what was typed. */
export interface CreditActionResult {
  /** The step just done (after the form's redirect). */
  step?: CreditStep;
  problem?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** A credit form's step done, named in the dashboard's address after its redirect (`?done=credit-<step>`). */
export type CreditStep = 'started' | 'resent' | 'proposal';
const STEP_NOTICES: Record<CreditStep, (email: string | null) => string> = {
  started: () => 'Your application to pay on account has started',
  resent: (email) => (email ? `We have sent the link again to ${email}` : 'We have sent the link again'),
  proposal: () => 'Your proposal has been sent to Two',
};

/** The step named by `?done=credit-<step>`, or nothing for any other value. */
export function creditStepOf(done: string | null): CreditActionResult | undefined {
  const step = done?.replace(/^credit-/, '');
  return step && done !== step && Object.hasOwn(STEP_NOTICES, step) ? { step: step as CreditStep } : undefined;
}

const STATUS_WORDS: Record<string, string> = {
  DRAFT: 'Not sent yet',
  SUBMITTED: 'Sent to Two',
  REVIEWING: 'Being reviewed by Two',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
};

/** The proposal form's fields, by the API's field path. */
const PROPOSAL_FIELDS = [
  { name: 'tradingName', label: 'Trading name' },
  { name: 'tradingAddress.line1', label: 'Trading address line 1' },
  { name: 'tradingAddress.town', label: 'Trading address town or city' },
  { name: 'tradingAddress.postcode', label: 'Trading address postcode' },
  { name: 'proprietorName', label: 'Your full name' },
  { name: 'dateOfBirth', label: 'Date of birth', hint: 'For example, 1980-03-27' },
  { name: 'homeAddress.line1', label: 'Home address line 1' },
  { name: 'homeAddress.town', label: 'Home address town or city' },
  { name: 'homeAddress.postcode', label: 'Home address postcode' },
] as const;

const fieldId = (name: string) => `credit-${name.replace('.', '-')}`;

/**
 * Paying on account (30 days) through Two, on the trade dashboard: the credit limit, what is
 * available, the largest single order and any arrears; the way to apply (a company is matched by its
 * Companies House number, a sole trader sends a proposal) and the verification link sent again.
 */
export function CreditPanel({ credit, result }: { credit: MerchantCustomerUser; result: CreditActionResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const { customerUser: user, proposal } = credit;
  const started = user !== null || proposal !== null;
  return (
    <section aria-labelledby="pay-on-account" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id="pay-on-account" className="text-lg font-bold tracking-tight text-navy-950">
        Pay on account (30 days)
      </h2>
      {result?.step && <Notice title={STEP_NOTICES[result.step](user?.email ?? null)} />}
      {result?.problem && !result.fields && <Notice tone="warning" title={result.problem} />}
      {credit.credit && (
        <>
          <p className="text-navy-800">{credit.credit.message}</p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure label="Credit limit" value={formatPence(credit.credit.limitPence)} />
            <Figure label="Available" value={formatPence(credit.credit.availablePence)} />
            <Figure label="Largest single order" value={formatPence(credit.credit.maxSingleOrderPence)} />
            <Figure label="Arrears" value={formatPence(credit.credit.arrearsPence)} />
          </dl>
        </>
      )}
      {proposal && (
        <p className="text-navy-800">
          Your proposal to Two: <strong>{STATUS_WORDS[proposal.status]}</strong>
        </p>
      )}
      {!started || (proposal?.status === 'ACCEPTED' && !user) ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="credit-start" />
          <p className="text-navy-800">
            {credit.businessType === 'sole_trader'
              ? 'Sole traders send Two a short proposal; Two usually decides within a working day.'
              : `We ask Two, who provide our trade credit, about ${credit.businessName} by its Companies House number, ${credit.companyNumber}.`}
          </p>
          <Button type="submit" loading={busy}>
            Apply to pay on account
          </Button>
        </Form>
      ) : null}
      {proposal?.status === 'DRAFT' && <ProposalForm result={result} busy={busy} />}
      {user && !user.verified && (
        <div className="space-y-3">
          <p className="text-navy-800">
            Verify your details with Two to start paying on account. We e-mailed the link to {user.email}.{' '}
            {user.verificationUrl && <a href={user.verificationUrl}>Verify your details with Two</a>}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="credit-resend" />
            <Button type="submit" variant="secondary" loading={busy}>
              Resend the link
            </Button>
          </Form>
        </div>
      )}
      {user?.verified && <p className="text-navy-800">Your details are verified with Two.</p>}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-sand-100 p-3">
      <dt className="text-sm text-navy-700">{label}</dt>
      <dd className="text-lg font-bold text-navy-950">{value}</dd>
    </div>
  );
}

function ProposalForm({ result, busy }: { result: CreditActionResult | undefined; busy: boolean }) {
  const problems = Object.entries(result?.fields ?? {}).map(([name, message]) => ({ message, fieldId: fieldId(name) }));
  return (
    <Form method="post" noValidate className="space-y-4" aria-label="Your proposal to Two">
      <h3 className="font-bold text-navy-950">Your proposal to Two</h3>
      <ErrorSummary problems={problems} />
      <input type="hidden" name="intent" value="credit-proposal" />
      <div className="grid gap-4 sm:grid-cols-2">
        {PROPOSAL_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            hint={'hint' in field ? field.hint : undefined}
            error={result?.fields?.[field.name]}
          >
            {(control) => <Input {...control} name={field.name} defaultValue={result?.values?.[field.name]} />}
          </FormField>
        ))}
      </div>
      <Button type="submit" loading={busy}>
        Send your proposal
      </Button>
    </Form>
  );
}
