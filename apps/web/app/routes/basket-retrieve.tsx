import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/basket-retrieve';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { useBasket } from '../lib/basket/basket-context.tsx';
import { retrievalCodeProblem, retrieveProblemMessage } from '../lib/basket/basket-logic.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta('Retrieve a saved basket', 'Enter the code of a basket you saved at Plumbline to carry on where you left off.');

/**
 * Where the saved-basket e-mail's link lands (`?code=XXXX-XXXX`). Retrieving makes a new copy of the
 * saved basket for whoever asks, so it waits for the shopper to press the button.
 */
export default function BasketRetrievePage() {
  const [searchParams] = useSearchParams();
  const { retrieve } = useBasket();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read from the field itself: what was typed before the page's scripts ran is in it.
    const code = inputRef.current?.value ?? '';
    const typed = retrievalCodeProblem(code);
    if (typed) {
      setProblem(typed);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const result = await retrieve(code.trim());
    setBusy(false);
    if (result.ok) {
      void navigate('/basket');
      return;
    }
    setProblem(retrieveProblemMessage(result.error));
    inputRef.current?.focus();
  };

  return (
    <>
      <PageHeader
        title="Retrieve a saved basket"
        intro="Enter the code from your saved-basket e-mail to pick up where you left off, on any device."
        trail={[{ label: 'Basket', to: '/basket' }, { label: 'Retrieve a saved basket' }]}
      />
      <div className="container-page py-10 lg:py-14">
        <div className="mx-auto max-w-lg rounded-2xl border border-navy-100 bg-white p-6 shadow-xs sm:p-8">
          {/* Without JavaScript the form comes back here with the code in the address, prefilled. */}
          <form method="get" onSubmit={submit} noValidate className="space-y-5">
            <FormField label="Retrieval code" hint="8 letters and numbers, like ABCD-2345. Codes work for 30 days after saving." error={problem}>
              {(control) => (
                <Input
                  {...control}
                  ref={inputRef}
                  name="code"
                  defaultValue={searchParams.get('code') ?? ''}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  className="h-14 font-mono text-2xl font-bold tracking-[0.2em] uppercase"
                />
              )}
            </FormField>
            <Button type="submit" size="lg" variant="accent" loading={busy} className="w-full">
              Retrieve basket
            </Button>
          </form>
          <p className="mt-6 border-t border-navy-100 pt-5 text-sm text-navy-700">
            Prices and stock are checked again when you retrieve a basket. It becomes your current basket, and the code keeps working until it expires.{' '}
            <Link to="/basket" className="font-semibold text-teal-700 underline hover:no-underline">
              Back to your basket
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
