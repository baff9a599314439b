import { ApiError } from '@shop/api-client';
import type { TermsCheck } from '@shop/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { useTradeCustomer } from '../../lib/trade/use-trade-customer.ts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/form-field.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { linkClasses } from '../ui/link.tsx';

/** The terms version a refusal names (TRADE_TERMS_NOT_ACCEPTED, TRADE_TERMS_VERSION_NOT_CURRENT). */
export const versionIn = (error: unknown): number | undefined => {
  const version = error instanceof ApiError ? (error.data as { termsVersion?: unknown } | undefined)?.termsVersion : undefined;
  return typeof version === 'number' ? version : undefined;
};

/**
 * "I accept the trade terms": a checkbox and a button, with a link to the terms of the version
 * being accepted. Accepting records that version (the API refuses one that is no longer current,
 * and says which is). With `onAccepted` it is accepted from the page (checkout's payment step, which
 * needs the page's scripts anyway); without it, it is a plain form posted to the page's action, so it
 * works before the scripts run, and `refused` is what that action answered.
 */
export function TermsAcceptance({
  version: shown,
  onAccepted,
  refused = null,
  intro,
  linked = true,
}: {
  version: number;
  onAccepted?: (check: TermsCheck) => void;
  refused?: string | null;
  intro?: ReactNode;
  /** Off on the terms page itself. */
  linked?: boolean;
}) {
  const clients = useApiClients();
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState(shown);
  const [problem, setProblem] = useState<string | null>(refused);
  const [sending, setBusy] = useState(false);
  const navigation = useNavigation();
  const busy = sending || (!onAccepted && navigation.state === 'submitting' && navigation.formData?.has('version') === true);

  const accept = async (event: FormEvent<HTMLFormElement>) => {
    if (!box.current?.checked) {
      event.preventDefault();
      setProblem('Tick the box to accept the trade terms');
      box.current?.focus();
      return;
    }
    // Ticked, the plain form goes to the page's action.
    if (!onAccepted) return;
    event.preventDefault();
    if (!clients) return;
    setBusy(true);
    setProblem(null);
    try {
      onAccepted(await clients.tradeTerms.acceptTermsAndConditions({ query: { version } }));
    } catch (error) {
      const current = versionIn(error);
      if (current !== undefined && current !== version) {
        setVersion(current);
        if (box.current) box.current.checked = false;
      }
      setProblem(apiProblemMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const FormElement = onAccepted ? 'form' : Form;
  return (
    <FormElement
      method="post"
      onSubmit={accept}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-2xl border border-brass-300 bg-brass-50 p-5"
    >
      <input type="hidden" name="version" value={version} />
      <h3 id={`${id}-heading`} className="text-lg font-bold text-navy-950">
        Accept the trade terms
      </h3>
      {intro && <div className="text-navy-800">{intro}</div>}
      {linked && (
        <p className="text-navy-800">
          <a href={TRADE_PATHS.terms} target="_blank" rel="noopener" className={linkClasses}>
            Read the trade terms, version {version} (opens in a new tab)
          </a>
        </p>
      )}
      {problem && <FieldError id={`${id}-error`} message={problem} />}
      <div className="flex items-start gap-3">
        <input
          ref={box}
          id={`${id}-box`}
          type="checkbox"
          name="accept"
          aria-describedby={problem ? `${id}-error` : undefined}
          aria-invalid={problem ? true : undefined}
          className="mt-0.5 size-5 shrink-0 accent-teal-700"
        />
        <label htmlFor={`${id}-box`} className="font-medium text-navy-950">
          I have read the trade terms (version {version}) and accept them for my business
        </label>
      </div>
      <Button type="submit" loading={busy}>
        Accept the trade terms
      </Button>
    </FormElement>
  );
}

/**
 * Checkout's payment step for a trade customer: until they have accepted the current trade terms
 * (the API refuses a trade order before then), they are asked to, and the payment starts after.
 * Everyone else goes straight to the payment.
 */
export function TradeTermsGate({ children }: { children: ReactNode }) {
  const auth = useShopAuth();
  const clients = useApiClients();
  const { trade, known } = useTradeCustomer();
  const sub = auth.user?.profile.sub;
  const [accepted, setAccepted] = useState(false);
  const check = useApiData(trade && !accepted && clients && sub ? `trade-terms:${sub}` : undefined, (signal) =>
    clients!.tradeTerms.checkTermsAndConditions(undefined, { signal }),
  );

  // A customer approved since signing in is trade at once (the API says so): its answer comes first, so the terms are never skipped.
  if (known && (!trade || accepted)) return children;
  if (check.state === 'error') return <LoadError title="We couldn’t check the trade terms" error={check.error} onRetry={check.reload} />;
  if (check.state !== 'ready') {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Checking the trade terms…
        </p>
        <Skeleton className="h-56 w-full rounded-2xl" />
      </div>
    );
  }
  if (check.data.accepted) return children;
  return (
    <TermsAcceptance
      version={check.data.currentVersion}
      onAccepted={() => setAccepted(true)}
      intro={
        <p>
          {check.data.acceptedVersion === null
            ? 'Before your first trade order, please read and accept our trade terms.'
            : `Our trade terms have changed since you accepted version ${check.data.acceptedVersion}: please read and accept the new version.`}
        </p>
      }
    />
  );
}
