import { ApiError, createCatalogueRequestsClient } from '@shop/api-client';
import { CATALOGUE_INTEREST_LABELS, CATALOGUE_INTERESTS, CATALOGUE_REQUEST_MONTHS, type CatalogueInterest, type PrintedCatalogueAnswer } from '@shop/contracts';
import { data, Form } from 'react-router';
import type { Route } from './+types/catalogue-request';
import { AddressFinder } from '../components/addresses/address-finder.tsx';
import { enterFindsAddress, FORM_DEFAULT_ATTRIBUTE } from '../lib/addresses/enter-finds-address.ts';
import { addressInputId, AddressInputs } from '../components/addresses/address-inputs.tsx';
import { SavedAddressPicker } from '../components/addresses/saved-address-picker.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { finderStep, savedAddressStep, savedAddressesFor } from '../lib/addresses/address-finder.server.ts';
import { fieldError, optionalText, postedValues, udprnOf, type AddressValues, type FinderState } from '../lib/addresses/address-form.ts';
import { serviceClientOptions, throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta('Request a printed catalogue', 'Our bathroom, heating and trade ranges in print, posted free to any UK address.');

const ID = 'catalogue';
const FIELD_KEYS = ['name', 'line1', 'line2', 'town', 'county', 'postcode'] as const;

type ActionAnswer =
  | { kind: 'finder'; values: AddressValues; finder: FinderState }
  | { kind: 'filled'; values: AddressValues }
  | { kind: 'refused'; values: AddressValues; problems: { message: string; fieldId?: string }[]; errors: Record<string, string> }
  | { kind: 'answered'; answer: PrintedCatalogueAnswer };

const answer = (value: ActionAnswer): ActionAnswer => value;

/** A signed-in customer's saved addresses, offered above the fields (null for a visitor). */
export async function loader({ request }: Route.LoaderArgs) {
  return { saved: await savedAddressesFor(request) };
}

/** "Find address", "Use this address" and "Fill in this address" fill the form; "Request a catalogue" sends it to the API. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const step = await finderStep(request, form);
  if (step) return { kind: 'finder', ...step };
  const filled = await savedAddressStep(request, form);
  if (filled) return answer({ kind: 'filled', values: filled.values });
  const values = postedValues(form);
  const interests = form.getAll('interests').filter((value): value is CatalogueInterest => (CATALOGUE_INTERESTS as readonly unknown[]).includes(value));
  const client = createCatalogueRequestsClient(serviceClientOptions(request, 'accounts'));
  try {
    const sent = await client.requestPrintedCatalogue({
      body: {
        name: values.name ?? '',
        line1: values.line1 ?? '',
        line2: optionalText(values, 'line2'),
        town: values.town ?? '',
        county: optionalText(values, 'county'),
        postcode: values.postcode ?? '',
        udprn: udprnOf(values),
        interests,
        marketingConsent: form.get('marketingConsent') === 'yes',
      },
    });
    return answer({ kind: 'answered', answer: sent });
  } catch (error) {
    throwIfRateLimited(error);
    const errors = Object.fromEntries(FIELD_KEYS.map((key) => [key, fieldError(error, key)]).filter(([, message]) => message)) as Record<string, string>;
    const problems = Object.entries(errors).map(([key, message]) => ({ message, fieldId: addressInputId(ID, key) }));
    const status = error instanceof ApiError && error.status < 500 ? 400 : 503;
    const refused: ActionAnswer = { kind: 'refused', values, problems: problems.length > 0 ? problems : [{ message: apiProblemMessage(error) }], errors };
    return data(refused, { status });
  }
}

/** The printed catalogue by post: a name, an address (found by postcode, or typed), what interests the customer and, apart, consent to post. */
export default function CatalogueRequestPage(props: Route.ComponentProps) {
  // The action's answers as it made them (the generated type widens the finder's `kind`).
  const actionData = props.actionData as ActionAnswer | undefined;
  const answered = actionData?.kind === 'answered' ? actionData.answer : null;
  const values = actionData && 'values' in actionData ? actionData.values : {};
  const errors = actionData?.kind === 'refused' ? actionData.errors : {};
  return (
    <>
      <PageHeader
        title="Request a printed catalogue"
        trail={[{ label: 'Request a printed catalogue' }]}
        intro={<p>Our bathroom, heating and trade ranges in print, posted free to any UK address.</p>}
      />
      <div className="container-page py-8 lg:py-12">
        <div className="max-w-2xl">
          {answered ? (
            <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-6">
              <h2 className="text-xl font-bold text-navy-950">{answered.recorded ? 'Your catalogue is on its way' : 'A catalogue is already on its way'}</h2>
              <p className="mt-2 text-navy-800">{answered.message}</p>
            </div>
          ) : (
            <Form method="post" className="space-y-6" noValidate onSubmit={enterFindsAddress}>
              {actionData?.kind === 'refused' && <ErrorSummary problems={actionData.problems} />}
              <AddressFinder idPrefix={ID} values={values} finder={actionData?.kind === 'finder' ? actionData.finder : null} />
              <SavedAddressPicker idPrefix={ID} saved={props.loaderData.saved} />
              <fieldset className="space-y-4">
                <legend className="text-lg font-bold text-navy-950">Where should we post it?</legend>
                <AddressInputs idPrefix={ID} keys={FIELD_KEYS} values={values} errorFor={(key) => errors[key]} />
              </fieldset>
              <fieldset className="space-y-3">
                <legend className="text-lg font-bold text-navy-950">
                  What interests you? <span className="font-normal text-navy-600">(optional)</span>
                </legend>
                {CATALOGUE_INTERESTS.map((interest) => (
                  <Checkbox
                    key={interest}
                    name="interests"
                    value={interest}
                    label={CATALOGUE_INTEREST_LABELS[interest]}
                    defaultChecked={false}
                    id={`${ID}-interest-${interest}`}
                  />
                ))}
              </fieldset>
              <div className="rounded-xl border border-navy-100 p-4">
                <Checkbox
                  name="marketingConsent"
                  value="yes"
                  id={`${ID}-consent`}
                  label="Send me offers and new ranges by post"
                  hint="You will get the catalogue either way. You can ask us to stop at any time."
                />
              </div>
              <p className="text-sm text-navy-700">We send one catalogue to an address every {CATALOGUE_REQUEST_MONTHS} months.</p>
              <Button type="submit" name="intent" value="request" variant="primary" size="lg" {...{ [FORM_DEFAULT_ATTRIBUTE]: '' }}>
                Request a catalogue
              </Button>
            </Form>
          )}
        </div>
      </div>
    </>
  );
}
