import type { SavedBasket } from '@shop/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useActionData } from 'react-router';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useBasket } from '../../lib/basket/basket-context.tsx';
import { emailProblem, formatExpiry } from '../../lib/basket/basket-logic.ts';
import { useShopDetails } from '../../lib/shop-details.ts';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { CheckIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/** The basket page's form field that says "Save basket" was pressed. */
export const SAVE_INTENT = 'save-basket';

/**
 * "Save basket": saves a copy under a retrieval code (valid 30 days) as the dialog opens, shows the
 * code large enough to read out or copy, and can e-mail it with a link. It is a plain form too:
 * pressed before the page's scripts run, the basket page comes back with the code on it.
 */
export function SaveBasketButton({ className }: { className?: string }) {
  const { save } = useBasket();
  const posted = useActionData() as { saved?: SavedBasket; saveProblem?: string } | undefined;
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<{ state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; value: SavedBasket }>({
    state: 'loading',
  });
  const [savedByForm, setSavedByForm] = useState(posted?.saved ?? null);
  const close = useCallback(() => setOpen(false), []);

  const saveNow = async () => {
    setSaved({ state: 'loading' });
    const result = await save();
    setSaved(result.ok ? { state: 'ready', value: result.value } : { state: 'error', error: result.error });
  };

  return (
    <>
      <form method="post">
        <input type="hidden" name="intent" value={SAVE_INTENT} />
        <Button
          type="submit"
          variant="secondary"
          className={className}
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
            void saveNow();
          }}
        >
          Save basket
        </Button>
      </form>
      {posted?.saveProblem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {posted.saveProblem}
        </p>
      )}
      {savedByForm && (
        <section aria-label="Your basket is saved" className="space-y-5 rounded-2xl border border-navy-100 bg-white p-5">
          <SavedCode saved={savedByForm} onEmailed={setSavedByForm} />
        </section>
      )}
      <Dialog open={open} onClose={close} title="Save your basket">
        <div className="space-y-5 p-5">
          {saved.state === 'error' ? (
            <LoadError title="We couldn’t save your basket" error={saved.error} onRetry={saveNow} />
          ) : (
            <SavedCode saved={saved.state === 'ready' ? saved.value : null} onEmailed={(value) => setSaved({ state: 'ready', value })} />
          )}
        </div>
      </Dialog>
    </>
  );
}

function SavedCode({ saved, onEmailed }: { saved: SavedBasket | null; onEmailed: (saved: SavedBasket) => void }) {
  const [copied, setCopied] = useState(false);
  const shop = useShopDetails();

  const copy = async () => {
    if (!saved) return;
    try {
      await navigator.clipboard.writeText(saved.retrievalCode);
      setCopied(true);
    } catch {
      // No clipboard permission: the code is on screen to copy by hand.
      setCopied(false);
    }
  };

  return (
    <>
      <div className="rounded-2xl bg-sand-100 p-5 text-center" aria-busy={saved ? undefined : true}>
        <p className="text-sm font-semibold text-navy-700">Your retrieval code</p>
        {saved ? (
          <p className="mt-1 font-mono text-4xl font-extrabold tracking-[0.15em] text-navy-950 sm:text-5xl" data-testid="retrieval-code">
            {saved.retrievalCode}
          </p>
        ) : (
          <Skeleton className="mx-auto mt-2 h-12 w-64 max-w-full" />
        )}
        <p className="mt-2 h-5 text-sm text-navy-700">{saved && <>Valid until {formatExpiry(saved.expiresAt)}</>}</p>
        <div className="mt-3 flex h-9 items-center justify-center gap-3">
          <Button variant="secondary" size="sm" onClick={copy} disabled={!saved}>
            {copied ? <CheckIcon className="size-4" /> : null}
            {copied ? 'Copied' : 'Copy code'}
          </Button>
        </div>
        <p className="sr-only" role="status">
          {saved ? `Saved. Your retrieval code is ${saved.retrievalCode}.` : 'Saving your basket…'}
          {copied && ' Code copied.'}
        </p>
      </div>
      <p className="text-sm text-navy-700">
        Enter the code on{' '}
        <Link to="/basket/retrieve" className="font-semibold text-teal-700 underline hover:no-underline">
          Retrieve a saved basket
        </Link>{' '}
        on any device
        {shop ? (
          <>
            , or read it to our team on{' '}
            <a href={shop.phone.uri} className="font-semibold whitespace-nowrap text-teal-700 underline hover:no-underline">
              {shop.phone.display}
            </a>{' '}
            ({shop.openingHours}) for advice on what is in it
          </>
        ) : null}
        . Prices and stock are checked again when you retrieve it.
      </p>
      <EmailForm disabled={!saved} onEmailed={onEmailed} />
    </>
  );
}

function EmailForm({ disabled, onEmailed }: { disabled: boolean; onEmailed: (saved: SavedBasket) => void }) {
  const { email } = useBasket();
  const { user } = useShopAuth();
  const [address, setAddress] = useState(typeof user?.profile.email === 'string' ? user.profile.email : '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = emailProblem(address);
    if (typed) {
      setProblem(typed);
      return;
    }
    setBusy(true);
    setProblem(null);
    setSentTo(null);
    const result = await email(address.trim());
    setBusy(false);
    if (!result.ok) {
      setProblem(apiProblemMessage(result.error));
      return;
    }
    // E-mailing saves again: the code in the e-mail is the one now shown.
    onEmailed(result.value);
    setSentTo(result.value.emailedTo ?? address.trim());
  };

  return (
    <form onSubmit={send} noValidate className="space-y-3 border-t border-navy-100 pt-5">
      <FormField label="E-mail me the code and a link" hint="We’ll send it once; we won’t add you to any mailing list." error={problem}>
        {(control) => <Input {...control} type="email" autoComplete="email" value={address} onChange={(event) => setAddress(event.target.value)} />}
      </FormField>
      <Button type="submit" loading={busy} disabled={disabled} className="w-full sm:w-auto">
        Send e-mail
      </Button>
      <div aria-live="polite">
        {sentTo && (
          <p className="flex items-start gap-2 rounded-xl bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 ring-inset">
            <CheckIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              Sent to <strong>{sentTo}</strong>. The e-mail has the code shown above and a link that opens your basket.
            </span>
          </p>
        )}
      </div>
    </form>
  );
}
