import { ApiError } from '@shop/api-client';
import { useState, type FormEvent } from 'react';
import { apiFieldError, apiProblemMessage } from '../../lib/api-problem.ts';
import { emailProblem } from '../../lib/basket/basket-logic.ts';
import { useWishlist } from '../../lib/wishlist/wishlist-context.tsx';
import { shareCodeProblem } from '../../lib/wishlist/wishlist-text.ts';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

type Outcome = { tone: 'error' | 'ok'; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.tone === 'error' ? 'alert' : 'status'}
      className={outcome.tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-green-800'}
    >
      {outcome.text}
    </p>
  );
}

/** Saving needs an account: a guest is offered sign-in, which merges their wishlist into the account's. */
export function SaveWishlistForm() {
  const { wishlist, save } = useWishlist();
  const auth = useShopAuth();
  const [name, setName] = useState(wishlist?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  if (auth.status !== 'signed-in') {
    return (
      <div className="space-y-3">
        <p className="text-sm text-navy-800">Sign in to keep this wishlist on your account and see it on any device.</p>
        <Button variant="secondary" onClick={() => auth.signInWithRedirect()} disabled={auth.status === 'loading'}>
          Sign in to save
        </Button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Give your wishlist a name, like “Family bathroom”.');
    setError(null);
    setBusy(true);
    const result = await save(trimmed);
    setBusy(false);
    if (result.ok) setOutcome({ tone: 'ok', text: `Saved as “${result.value.name}”.` });
    else {
      setError(apiFieldError(result.error, 'name') ?? null);
      setOutcome({ tone: 'error', text: apiProblemMessage(result.error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label="Wishlist name" hint="Up to 80 characters" error={error}>
        {(control) => <Input {...control} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} autoComplete="off" />}
      </FormField>
      <Button type="submit" loading={busy}>
        {wishlist?.savedAt ? 'Rename wishlist' : 'Save wishlist'}
      </Button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

/** Shares the wishlist by e-mail: the e-mail lists the products and links to a copy the reader can keep. */
export function EmailWishlistForm() {
  const { email, wishlist } = useWishlist();
  const auth = useShopAuth();
  const [to, setTo] = useState('');
  const [senderName, setSenderName] = useState(typeof auth.user?.profile.given_name === 'string' ? auth.user.profile.given_name : '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(to);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await email({ emailAddress: to.trim(), senderName: senderName.trim() || undefined, message: note.trim() || undefined });
    setBusy(false);
    if (result.ok) {
      setOutcome({ tone: 'ok', text: `Sent to ${to.trim()}. They can also open it with the code ${result.value.shareCode}.` });
      setTo('');
    } else {
      setError(apiFieldError(result.error, 'emailAddress') ?? null);
      setOutcome({ tone: 'error', text: apiProblemMessage(result.error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <FormField label="Their e-mail address" error={error}>
        {(control) => <Input {...control} type="email" inputMode="email" autoComplete="off" value={to} onChange={(event) => setTo(event.target.value)} />}
      </FormField>
      <FormField label="Your name" hint="So they know who it’s from (optional)">
        {(control) => (
          <Input {...control} value={senderName} maxLength={80} autoComplete="given-name" onChange={(event) => setSenderName(event.target.value)} />
        )}
      </FormField>
      <FormField label="Message" hint="Optional, up to 500 characters">
        {(control) => (
          <textarea
            {...control}
            value={note}
            maxLength={500}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            className={
              'block w-full rounded-lg border border-navy-300 bg-white px-3 py-2 text-[0.9375rem] ' +
              'text-navy-950 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none'
            }
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" loading={busy} disabled={!wishlist || wishlist.items.length === 0}>
        Send wishlist
      </Button>
      {wishlist?.shareCode && !outcome && (
        <p className="text-sm text-navy-700">
          Share code: <strong className="font-mono tracking-wider text-navy-950">{wishlist.shareCode}</strong>
        </p>
      )}
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

/** Opens a wishlist someone shared: its products are added to this one. */
export function RetrieveWishlistForm({ initialCode = '', onRetrieved }: { initialCode?: string; onRetrieved?: (added: string) => void }) {
  const { retrieve } = useWishlist();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = shareCodeProblem(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await retrieve(code);
    setBusy(false);
    if (!result.ok) return setError(retrieveWishlistMessage(result.error));
    const merged = result.value.notices.find((notice) => notice.type === 'merged');
    onRetrieved?.(merged?.message ?? 'We’ve added the shared products to your wishlist.');
    setCode('');
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <FormField label="Share code" hint="8 letters and numbers, like ABCD-2345" error={error} className="min-w-0 flex-1 basis-48">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary" loading={busy}>
        Open shared wishlist
      </Button>
    </form>
  );
}

export function retrieveWishlistMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'We can’t find a shared wishlist with that code. Check the code in the e-mail and try again.';
  if (error instanceof ApiError && error.status === 429) return 'Too many attempts. Wait a minute, then try the code again.';
  return apiProblemMessage(error);
}
