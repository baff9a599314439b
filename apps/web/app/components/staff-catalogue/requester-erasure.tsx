import type { RequestsAtAddress, RequestsErased } from '@shop/contracts';
import { londonLongDate } from '@shop/contracts';
import { Form, useNavigation } from 'react-router';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

/** What the erasure form's last post answered: the records at the address, what was erased, or why it was refused. */
export type ErasureAnswer =
  | { intent: 'find'; address: { postcode: string; line1: string }; found: RequestsAtAddress }
  | { intent: 'erase'; address: { postcode: string; line1: string }; erased: RequestsErased }
  | { intent: 'find' | 'erase'; address: { postcode: string; line1: string }; problem: string; fields: Record<string, string> };

/**
 * A requester known only by their address (a catalogue asked for signed out gives a name and an
 * address, nothing else) asks to be forgotten: staff find what is held at the postcode and first
 * line, then erase it. Plain forms posted to the page: the address never goes into a page's address.
 */
export function RequesterErasure({ answer }: { answer: ErasureAnswer | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const address = answer?.address ?? { postcode: '', line1: '' };
  const fields = answer && 'fields' in answer ? answer.fields : {};
  return (
    <section aria-labelledby="erase-requester" className="mt-12 space-y-4 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id="erase-requester" className="section-heading">
        Erase a requester’s details
      </h2>
      <p className="text-navy-700">
        For someone who asked for the catalogue without signing in and now asks us to delete their details: find what we hold at their address, then erase it.
        Their request and any consent to offers by post go.
      </p>
      <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
        <FormField label="Postcode" id="erase-postcode" error={fields.postcode} className="w-40">
          {(control) => <Input {...control} name="postcode" defaultValue={address.postcode} autoComplete="off" className="uppercase" />}
        </FormField>
        <FormField label="Address line 1" id="erase-line1" error={fields.line1} className="w-full max-w-sm">
          {(control) => <Input {...control} name="line1" defaultValue={address.line1} autoComplete="off" />}
        </FormField>
        <Button type="submit" name="intent" value="find" variant="secondary" loading={busy}>
          Find at this address
        </Button>
      </Form>
      <div role="status" aria-live="polite">
        {answer && 'problem' in answer && <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">{answer.problem}</p>}
        {answer && 'erased' in answer && (
          <p className="rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900">{answer.erased.message}</p>
        )}
      </div>
      {answer && 'found' in answer && <Found address={answer.address} found={answer.found} busy={busy} />}
    </section>
  );
}

function Found({ address, found, busy }: { address: { postcode: string; line1: string }; found: RequestsAtAddress; busy: boolean }) {
  if (found.requests.length === 0 && found.consents === 0) {
    return <p className="text-navy-800">We hold nothing at that address. Check the first line as they gave it.</p>;
  }
  return (
    <div className="space-y-3">
      <ul aria-label="Held at this address" className="space-y-1 text-navy-900">
        {found.requests.map((item) => (
          <li key={item.requestId}>
            {item.name}, {[item.line1, item.line2, item.town, item.postcode].filter(Boolean).join(', ')}: asked {londonLongDate(item.requestedAt)}
            {item.postedAt ? `, posted ${londonLongDate(item.postedAt)}` : ', not yet posted'}
          </li>
        ))}
        {found.consents > 0 && <li>{found.consents === 1 ? 'A consent' : `${found.consents} consents`} to offers by post</li>}
      </ul>
      <Form method="post">
        <input type="hidden" name="postcode" value={address.postcode} />
        <input type="hidden" name="line1" value={address.line1} />
        <Button type="submit" name="intent" value="erase" variant="primary" loading={busy}>
          Erase all of it
        </Button>
      </Form>
    </div>
  );
}
