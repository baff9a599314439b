import type { Checkout, SavedAddress } from '@shop/contracts';
import { useFetcher } from 'react-router';
import {
  deliveryOrCollectionFromForm,
  NEW_ADDRESS,
  SAVED_ADDRESS_FIELD,
  STEP_FIELD,
  type StepFailure,
  type StepInput,
  type StepName,
} from '../../lib/checkout/checkout-forms.ts';
import { addressLine, contactName, whenText } from '../../lib/checkout/checkout-logic.ts';
import { branchAddress, COLLECT_FROM, isCollecting } from '../../lib/checkout/click-collect.ts';
import { CollectionDetails } from './collection-details.tsx';
import { DELIVERY_ADDRESS_FIELDS, DeliveryAddressFields } from './delivery-address-fields.tsx';
import { StepForm, useStepFailure } from './step-form.tsx';
import type { CheckoutClient, DrawnDelivery, StepSubmit } from './use-checkout.ts';

/** The radios choose the step the form saves. */
const STEPS: readonly StepName[] = ['delivery_address', 'collect'];

/**
 * Step 2: delivered to an address, or collected from the trade counter, in which case no delivery
 * address is asked for. One form whose radios are its `step` field; the stylesheet shows the address
 * fields or the branch's details, and the button's words, for the radio that is checked (the
 * `#delivery-choice-collect` in the classes), so the choice works before the page's scripts run and
 * without them, and an address typed before switching is still there on switching back.
 */
export function DeliveryOrCollection({
  client,
  basketId,
  checkout,
  company,
  drawn,
  saved,
  onSubmit,
}: {
  client: CheckoutClient;
  basketId: string;
  checkout: Checkout;
  /** A trade customer's business, for the company of an address not yet given. */
  company?: string;
  drawn: DrawnDelivery | undefined;
  /** A signed-in customer's saved delivery addresses, default first (null for a guest). */
  saved: readonly SavedAddress[] | null;
  onSubmit: StepSubmit<StepInput>;
}) {
  // "Find address" is a post of this form that the page answers without saving the step; once the scripts run it goes by a fetcher.
  const finding = useFetcher<StepFailure>();
  const failure = useStepFailure(STEPS);
  const answer = finding.data ?? failure;
  const posted = answer?.values;
  const collect = posted ? posted.step === 'collect' : isCollecting(checkout.deliveryOption);
  const given = checkout.delivery?.address;
  const address =
    posted ?? (given ? { ...given, instructions: checkout.delivery?.instructions ?? undefined } : { name: contactName(checkout.contact), company });
  // The address already given, if it is a saved one; else the default, when nothing is given yet.
  const match = given
    ? saved?.find((each) => each.line1 === given.line1 && each.postcode === given.postcode && each.name === given.name)
    : saved?.find((each) => each.isDefault);
  const chosen = posted?.[SAVED_ADDRESS_FIELD] ?? match?.addressId ?? NEW_ADDRESS;
  const choices = [
    { id: 'delivery-choice-deliver', step: 'delivery_address', label: 'Deliver to an address', checked: !collect },
    { id: 'delivery-choice-collect', step: 'collect', label: COLLECT_FROM, checked: collect },
  ];

  return (
    <StepForm
      step={STEPS}
      fields={DELIVERY_ADDRESS_FIELDS}
      onSave={(form) => onSubmit(deliveryOrCollectionFromForm(form, saved ?? []))}
      onIntent={(form) => void finding.submit(form, { method: 'post', action: '/checkout' })}
      submitLabel={
        <>
          <span className="group-has-[#delivery-choice-collect:checked]/step:hidden">Continue to delivery options</span>
          <span className="hidden group-has-[#delivery-choice-collect:checked]/step:inline">Continue to billing</span>
        </>
      }
    >
      {(errorAt) => (
        <>
          <fieldset>
            <legend className="text-sm font-semibold text-navy-950">Delivery or collection?</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {choices.map((choice) => (
                <label key={choice.id} htmlFor={choice.id} className="flex cursor-pointer items-center gap-2 text-sm font-medium text-navy-950">
                  <input id={choice.id} type="radio" name={STEP_FIELD} value={choice.step} defaultChecked={choice.checked} className="size-5 accent-teal-700" />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-4 group-has-[#delivery-choice-collect:checked]/step:hidden">
            <DeliveryAddressFields values={address} saved={saved} chosen={chosen} finder={answer?.finder ?? null} errorAt={errorAt} />
          </div>
          <div className="hidden group-has-[#delivery-choice-collect:checked]/step:block">
            <CollectionDetails client={client} basketId={basketId} checkout={checkout} drawn={drawn} />
          </div>
        </>
      )}
    </StepForm>
  );
}

/** What step 2 holds once done: the branch, its address and when the order is ready there, or the delivery address. */
export function DeliveryOrCollectionSummary({ checkout }: { checkout: Checkout }) {
  if (isCollecting(checkout.deliveryOption)) {
    const ready = checkout.deliveryOption && whenText(checkout.deliveryOption);
    const branch = checkout.deliveryOption?.collection?.branch;
    return (
      <>
        <p className="font-semibold text-navy-950">{branch ? `Click & collect from the ${branch.name}` : COLLECT_FROM}</p>
        {branch && <p>{branchAddress(branch)}</p>}
        {ready && <p>{ready}</p>}
      </>
    );
  }
  if (!checkout.delivery) return null;
  return (
    <>
      <p className="font-semibold text-navy-950">{checkout.delivery.address.name}</p>
      <p>{addressLine(checkout.delivery.address)}</p>
      {checkout.delivery.instructions && <p className="text-navy-700">Instructions: {checkout.delivery.instructions}</p>}
    </>
  );
}
