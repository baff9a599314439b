import { ApiError, createAddressBookClient } from '@shop/api-client';
import type { SavedAddress, SavedAddressPage } from '@shop/contracts';
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/account-addresses';
import { AddressFinder } from '../components/addresses/address-finder.tsx';
import { enterFindsAddress, FORM_DEFAULT_ATTRIBUTE } from '../lib/addresses/enter-finds-address.ts';
import { addressInputId, AddressInputs } from '../components/addresses/address-inputs.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { TruckIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { TextArea } from '../components/ui/textarea.tsx';
import { loadOrProblem, throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { finderStep } from '../lib/addresses/address-finder.server.ts';
import { ADDRESS_DONE, ADDRESSES_PAGE_SIZE, ADDRESSES_PATH, addressBody, addressLine, courierNotes, valuesOf } from '../lib/addresses/address-book.ts';
import { fieldError, postedValues, type AddressValues, type FinderState } from '../lib/addresses/address-form.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { requireShopSession, sessionClientOptions } from '../lib/auth/session.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your addresses', 'Delivery and billing addresses for checkout.'),
  { name: 'robots', content: 'noindex' },
];

const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Address book' }];
const ID = 'address';
const FIELD_KEYS = ['name', 'company', 'line1', 'line2', 'town', 'county', 'postcode', 'phone'] as const;
const ALL_FIELDS = ['nickname', ...FIELD_KEYS, 'accessNotes', 'addressType'];

const bookClient = (request: Request) => createAddressBookClient(sessionClientOptions(request, requireShopSession(request), 'projects'));

/** The list's page, and which form is open: `?add=1`, `?edit=<id>`, `?remove=<id>` (each works before scripts). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const book = bookClient(request);
  const addresses = await loadOrProblem(request, 'addresses', book.listAddresses({ query: { pageNumber: page, pageSize: ADDRESSES_PAGE_SIZE } }));
  const items = 'data' in addresses ? addresses.data.items : [];
  const known = (id: string | null) => items.find((address) => address.addressId === id) ?? null;
  const done = url.searchParams.get('done');
  return {
    addresses,
    adding: url.searchParams.get('add') === '1',
    editing: known(url.searchParams.get('edit')),
    removing: known(url.searchParams.get('remove')),
    notice: done ? (ADDRESS_DONE[done] ?? null) : null,
  };
}

type FormAnswer = { addressId: string | null; values: AddressValues; finder: FinderState | null; errors: Record<string, string>; summary: string | null };

/** Find address, save (add or edit), make default, remove: plain forms, each answered with a 303 back to the list or the form again. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const addressId = (form.get('addressId') as string | null) || null;
  const step = await finderStep(request, form);
  if (step) return { addressId, values: step.values, finder: step.finder, errors: {}, summary: null } satisfies FormAnswer;
  const book = bookClient(request);
  const values = postedValues(form);
  try {
    if (intent === 'remove' && addressId) {
      await book.deleteAddress({ params: { addressId } });
      return redirectWithNotice(request, `${ADDRESSES_PATH}?done=removed`);
    }
    if (intent === 'default' && addressId) {
      const all = await book.listAddresses({ query: { pageSize: 50 } });
      const address = all.items.find((each) => each.addressId === addressId);
      if (!address) return redirectWithNotice(request, `${ADDRESSES_PATH}?done=gone`);
      await book.editAddress({ params: { addressId }, body: addressBody({ ...valuesOf(address), isDefault: 'yes' }) });
      return redirectWithNotice(request, `${ADDRESSES_PATH}?done=default`);
    }
    if (addressId) await book.editAddress({ params: { addressId }, body: addressBody(values) });
    else await book.addAddress({ body: addressBody(values) });
    return redirectWithNotice(request, `${ADDRESSES_PATH}?done=${addressId ? 'saved' : 'added'}`);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ADDRESS_NOT_FOUND') return redirectWithNotice(request, `${ADDRESSES_PATH}?done=gone`);
    throwIfSignedOutOrRateLimited(request, error);
    const errors = Object.fromEntries(ALL_FIELDS.map((key) => [key, fieldError(error, key)]).filter(([, message]) => message)) as Record<string, string>;
    const status = error instanceof ApiError && error.status < 500 ? 400 : 503;
    const answer: FormAnswer = { addressId, values, finder: null, errors, summary: Object.keys(errors).length > 0 ? null : apiProblemMessage(error) };
    return data(answer, { status });
  }
}

/** The customer's address book: addresses for checkout, one default of each type, with the courier's notes. */
export default function AccountAddressesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, editing, removing, notice } = loaderData;
  const formOpen = Boolean(actionData) || loaderData.adding || Boolean(editing);
  return (
    <>
      <PageHeader title="Your addresses" trail={TRAIL} intro="Delivery and billing addresses for checkout, with notes for the courier." />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        <div className="mx-auto max-w-3xl space-y-6">
          <div role="status" aria-live="polite">
            {notice && !actionData && <p className="rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900">{notice}</p>}
          </div>
          {'problem' in addresses ? (
            <LoadError title="We couldn’t load your addresses" problem={addresses.problem} retryTo={ADDRESSES_PATH} />
          ) : formOpen ? (
            <AddressForm editing={actionData ? null : editing} answer={actionData as FormAnswer | undefined} />
          ) : (
            <AddressList page={addresses.data} removing={removing} />
          )}
        </div>
      </div>
    </>
  );
}

function AddressList({ page, removing }: { page: SavedAddressPage; removing: SavedAddress | null }) {
  if (page.totalCount === 0) {
    return (
      <EmptyState
        icon={<TruckIcon className="size-8" />}
        title="You have no saved addresses"
        actions={
          <ButtonLink to={`${ADDRESSES_PATH}?add=1`} variant="primary">
            Add an address
          </ButtonLink>
        }
      >
        <p>Save the addresses you order to, and checkout offers them first.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="section-heading">
          {page.totalCount} saved address{page.totalCount === 1 ? '' : 'es'}
        </h2>
        <ButtonLink to={`${ADDRESSES_PATH}?add=1`} variant="primary">
          Add an address
        </ButtonLink>
      </div>
      <ul className="space-y-4">
        {page.items.map((address) => (
          <AddressCard key={address.addressId} address={address} confirmingRemoval={removing?.addressId === address.addressId} />
        ))}
      </ul>
      <Pagination label="Address pages" current={page.pageNumber} total={page.totalPages} hrefFor={(target) => `${ADDRESSES_PATH}?page=${target}`} />
    </>
  );
}

function AddressCard({ address, confirmingRemoval }: { address: SavedAddress; confirmingRemoval: boolean }) {
  const title = address.nickname ?? address.name;
  const headingId = `address-${address.addressId}`;
  const notes = courierNotes(address);
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-navy-100 bg-white p-5 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-lg font-bold text-navy-950">
          {title}
        </h3>
        <Badge tone="neutral">{address.addressType === 'billing' ? 'Billing' : 'Delivery'}</Badge>
        {address.isDefault && <Badge tone="success">Default {address.addressType}</Badge>}
      </div>
      <p className="mt-2 text-navy-800">
        {address.nickname && `${address.name}, `}
        {address.company && `${address.company}, `}
        {addressLine(address)}
      </p>
      {notes.length > 0 && <p className="mt-1 text-sm text-navy-700">For the courier: {notes.join('; ')}</p>}
      {confirmingRemoval ? (
        <Form method="post" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="font-medium text-navy-950">Remove {title} from your address book?</p>
          <input type="hidden" name="addressId" value={address.addressId} />
          <div className="mt-3 flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="remove" variant="primary">
              Yes, remove it
            </Button>
            <ButtonLink to={ADDRESSES_PATH} variant="secondary">
              Keep it
            </ButtonLink>
          </div>
        </Form>
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link to={`${ADDRESSES_PATH}?edit=${address.addressId}`}>
            Edit<span className="sr-only"> {title}</span>
          </Link>
          <Link to={`${ADDRESSES_PATH}?remove=${address.addressId}`}>
            Remove<span className="sr-only"> {title}</span>
          </Link>
          {!address.isDefault && (
            <Form method="post">
              <input type="hidden" name="addressId" value={address.addressId} />
              <Button type="submit" name="intent" value="default" variant="ghost" size="sm">
                Make default {address.addressType}
                <span className="sr-only"> address: {title}</span>
              </Button>
            </Form>
          )}
        </div>
      )}
    </li>
  );
}

function AddressForm({ editing, answer }: { editing: SavedAddress | null; answer: FormAnswer | undefined }) {
  const addressId = answer?.addressId ?? editing?.addressId ?? null;
  const values: AddressValues = answer?.values ?? (editing ? valuesOf(editing) : { addressType: 'delivery' });
  const errors = answer?.errors ?? {};
  const problems = [
    ...Object.entries(errors).map(([key, message]) => ({ message, fieldId: addressInputId(ID, key) })),
    ...(answer?.summary ? [{ message: answer.summary }] : []),
  ];
  const checked = (key: string) => values[key] === 'yes';
  return (
    <Form method="post" className="space-y-6" noValidate onSubmit={enterFindsAddress}>
      <h2 className="section-heading">{addressId ? 'Edit address' : 'Add an address'}</h2>
      {problems.length > 0 && <ErrorSummary problems={problems} />}
      {addressId && <input type="hidden" name="addressId" value={addressId} />}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-navy-950">Type of address</legend>
        {(['delivery', 'billing'] as const).map((type) => (
          <label key={type} className="flex items-center gap-3 text-navy-950">
            <input
              type="radio"
              name="addressType"
              value={type}
              defaultChecked={(values.addressType ?? 'delivery') === type}
              className="size-5 accent-teal-700"
            />
            {type === 'delivery' ? 'Delivery address' : 'Billing address'}
          </label>
        ))}
      </fieldset>
      <FormField
        label={
          <>
            Nickname <span className="font-normal text-navy-600">(optional)</span>
          </>
        }
        hint="Like “Home” or “Flat 4 job”"
        id={`${ID}-nickname`}
        error={errors.nickname}
      >
        {(control) => <Input {...control} name="nickname" defaultValue={values.nickname ?? ''} maxLength={40} className="max-w-sm" />}
      </FormField>
      <AddressFinder idPrefix={ID} values={values} finder={answer?.finder ?? null} />
      <AddressInputs idPrefix={ID} keys={FIELD_KEYS} values={values} errorFor={(key) => errors[key]} />
      <fieldset className="space-y-3 rounded-xl border border-navy-100 p-4">
        <legend className="px-1 text-base font-bold text-navy-950">For large deliveries</legend>
        <FormField
          label={
            <>
              Access notes <span className="font-normal text-navy-600">(optional)</span>
            </>
          }
          hint="Steps, narrow lanes, parking: up to 300 characters."
          id={`${ID}-accessNotes`}
          error={errors.accessNotes}
        >
          {(control) => <TextArea {...control} name="accessNotes" defaultValue={values.accessNotes ?? ''} maxLength={300} />}
        </FormField>
        <Checkbox name="tailLift" value="yes" id={`${ID}-tailLift`} defaultChecked={checked('tailLift')} label="A tail-lift vehicle is needed" />
        <Checkbox name="kerbsideOnly" value="yes" id={`${ID}-kerbsideOnly`} defaultChecked={checked('kerbsideOnly')} label="Kerbside delivery only" />
      </fieldset>
      <Checkbox name="isDefault" value="yes" id={`${ID}-isDefault`} defaultChecked={checked('isDefault')} label="Make this my default address of its type" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" variant="primary" {...{ [FORM_DEFAULT_ATTRIBUTE]: '' }}>
          Save address
        </Button>
        <ButtonLink to={ADDRESSES_PATH} variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
