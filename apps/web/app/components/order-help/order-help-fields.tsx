import {
  AMEND_CHANGE_NAMES,
  AMEND_CHANGES,
  DAMAGE_ISSUE_TYPE_NAMES,
  DAMAGE_ISSUE_TYPES,
  DELIVERY_TERMS_TYPE_NAMES,
  DELIVERY_TERMS_TYPES,
  formatPence,
  ORDER_HELP_MAX_PHOTOS,
  UNWANTED_REASON_NAMES,
  UNWANTED_REASONS,
  VEHICLE_SIZE_NAMES,
  VEHICLE_SIZES,
  UPLOAD_MAX_BYTES,
  type OrderHelpLine,
  type OrderProducts,
} from '@shop/contracts';
import type { ReactNode } from 'react';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FieldError, FormField } from '../ui/form-field.tsx';
import { Input, controlClasses } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { LineImage } from '../basket/line-image.tsx';
import { cn } from '../../lib/cn.ts';
import { fieldId, type FormProblems, type OrderHelpForm } from '../../lib/order-help/order-help.ts';
import { sizeLabel } from '../../lib/uploads/file-rules.ts';
import { useFileCheck } from '../../lib/uploads/use-file-check.ts';

interface FieldsProps {
  kind: OrderHelpForm;
  order: OrderProducts;
  values: Record<string, string>;
  chosen: readonly number[];
  problems: FormProblems | undefined;
}

const messageFor = (problems: FormProblems | undefined, field: string) => problems?.fields.find((entry) => entry.field === field)?.message;

/** "There is a problem", each message linked to its field. */
export function OrderHelpErrors({ problems }: { problems: FormProblems | undefined }) {
  if (!problems) return null;
  return (
    <ErrorSummary
      problems={[
        ...(problems.problem ? [{ message: problems.problem }] : []),
        ...problems.fields.map((entry) => ({ message: entry.message, fieldId: fieldId(entry.field) })),
      ]}
    />
  );
}

function TextArea({
  name,
  label,
  hint,
  values,
  problems,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  values: Record<string, string>;
  problems?: FormProblems;
}) {
  return (
    <FormField id={fieldId(name)} label={label} hint={hint} error={messageFor(problems, name)}>
      {(control) => <textarea {...control} name={name} rows={5} defaultValue={values[name] ?? ''} className={cn(controlClasses, 'min-h-32 py-2')} />}
    </FormField>
  );
}

function Radios({
  name,
  legend,
  options,
  values,
  problems,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  values: Record<string, string>;
  problems?: FormProblems;
}) {
  const error = messageFor(problems, name);
  const errorId = `${fieldId(name)}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-semibold text-navy-950">{legend}</legend>
      {error && <FieldError id={errorId} message={error} />}
      {options.map((option, index) => (
        <div key={option.value} className="flex items-center gap-3">
          <input
            type="radio"
            id={index === 0 ? fieldId(name) : `${fieldId(name)}-${option.value}`}
            name={name}
            value={option.value}
            defaultChecked={values[name] === option.value}
            className="size-5 accent-teal-700"
          />
          <label htmlFor={index === 0 ? fieldId(name) : `${fieldId(name)}-${option.value}`} className="text-navy-950">
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

const options = <K extends string>(keys: readonly K[], names: Record<K, string>) => keys.map((key) => ({ value: key, label: names[key] }));

/** The order's lines to choose from, with how many of each; only what can still be cancelled or returned. */
function LinesChooser({ kind, order, values, chosen, problems }: FieldsProps) {
  const available = (line: OrderHelpLine) =>
    kind === 'cancel'
      ? order.canCancel
        ? line.cancellableQuantity
        : line.quantity - line.cancelledQuantity - line.returnedQuantity
      : kind === 'return'
        ? line.returnableQuantity
        : line.quantity - line.cancelledQuantity;
  const error = messageFor(problems, 'lines');
  const errorId = `${fieldId('lines')}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-3">
      <legend className="text-sm font-semibold text-navy-950">Which items?</legend>
      {error && <FieldError id={errorId} message={error} />}
      <ul className="divide-y divide-navy-100 border-y border-navy-100">
        {order.lines.map((line, index) => {
          const left = available(line);
          const id = index === 0 ? fieldId('lines') : `${fieldId('lines')}-${line.position}`;
          return (
            <li key={line.position} className="flex flex-wrap items-center gap-3 py-3">
              <input
                type="checkbox"
                id={id}
                name="line"
                value={line.position}
                disabled={left === 0}
                defaultChecked={chosen.includes(line.position)}
                className="size-5 accent-teal-700"
              />
              <LineImage line={line} className="size-12" />
              <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                <span className="block font-semibold text-navy-950">{line.productName}</span>
                <span className="text-navy-700">
                  {line.label} · {formatPence(line.unitPriceIncVat)} each · ordered {line.quantity}
                  {line.cancelledQuantity > 0 && `, ${line.cancelledQuantity} cancelled`}
                  {line.returnedQuantity > 0 && `, ${line.returnedQuantity} returned`}
                </span>
                {kind === 'return' && line.notReturnableReason && <span className="block text-navy-700">{line.notReturnableReason}</span>}
              </label>
              {left > 1 && (
                <FormField id={`order-help-quantity-${line.position}`} label={`How many of ${line.productName}`} labelClassName="sr-only" className="w-24">
                  {(control) => (
                    <Select {...control} name={`quantity-${line.position}`} defaultValue={values[`quantity-${line.position}`] ?? String(left)}>
                      {Array.from({ length: left }, (_, count) => (
                        <option key={count + 1} value={count + 1}>
                          {count + 1}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
              )}
              {left === 1 && <input type="hidden" name={`quantity-${line.position}`} value="1" />}
              {kind === 'return' && line.sealedHygieneGood && left > 0 && (
                <label className="flex w-full items-center gap-2 pl-8 text-sm text-navy-800">
                  <input
                    type="checkbox"
                    name={`opened-${line.position}`}
                    value="yes"
                    defaultChecked={values[`opened-${line.position}`] === 'yes'}
                    className="size-4"
                  />
                  The sealed packaging of {line.productName} has been opened
                </label>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The fields of each order-help form, drawn with what was typed and the API's messages beside them. */
const PHOTO_RULES = { accept: 'image/jpeg,image/png', maxFiles: ORDER_HELP_MAX_PHOTOS };

/** Photos of the damage: checked as they are chosen, so one the API would refuse is never sent. */
function PhotosField({ problems }: { problems: FormProblems | undefined }) {
  const [chosenProblem, checkChosen] = useFileCheck(PHOTO_RULES);
  return (
    <FormField
      id={fieldId('photos')}
      label="Photos (optional)"
      hint={`Up to ${ORDER_HELP_MAX_PHOTOS} photos, JPEG or PNG, each smaller than ${sizeLabel(UPLOAD_MAX_BYTES)}: the damage, and the box it came in.`}
      error={chosenProblem ?? messageFor(problems, 'photos')}
    >
      {(control) => <input {...control} type="file" name="photos" multiple accept={PHOTO_RULES.accept} onChange={checkChosen} className="block text-sm" />}
    </FormField>
  );
}

export function OrderHelpFields(props: FieldsProps) {
  const { kind, values, problems } = props;
  switch (kind) {
    case 'cancel':
      return (
        <>
          <LinesChooser {...props} />
          <TextArea
            name="reason"
            label="Why are you cancelling? (optional)"
            hint="You do not have to give a reason. If you tell us, it helps us improve."
            values={values}
            problems={problems}
          />
        </>
      );
    case 'return':
      return (
        <>
          <LinesChooser {...props} />
          <Radios
            name="reason"
            legend="Why are you returning them?"
            options={options(UNWANTED_REASONS, UNWANTED_REASON_NAMES)}
            values={values}
            problems={problems}
          />
          <TextArea name="comments" label="Anything else we should know? (optional)" values={values} problems={problems} />
        </>
      );
    case 'report':
      return (
        <>
          <Radios name="issueType" legend="What is wrong?" options={options(DAMAGE_ISSUE_TYPES, DAMAGE_ISSUE_TYPE_NAMES)} values={values} problems={problems} />
          <LinesChooser {...props} />
          <TextArea name="description" label="Describe the problem" values={values} problems={problems} />
          <Radios
            name="podSignedDamaged"
            legend="Did you sign the delivery note as damaged?"
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            values={values}
            problems={problems}
          />
          <PhotosField problems={problems} />
        </>
      );
    case 'question':
      return <TextArea name="question" label="Your question" values={values} problems={problems} />;
    case 'amend':
      return (
        <>
          <Radios name="change" legend="What do you want to change?" options={options(AMEND_CHANGES, AMEND_CHANGE_NAMES)} values={values} problems={problems} />
          <TextArea name="details" label="What you want changed" hint="For example the new address, date or quantity." values={values} problems={problems} />
        </>
      );
    case 'refund-query':
      return (
        <>
          <FormField
            id={fieldId('returnReference')}
            label="Returns reference (optional)"
            hint="Starts RT-, on your returns e-mail."
            error={messageFor(problems, 'returnReference')}
          >
            {(control) => <Input {...control} name="returnReference" defaultValue={values.returnReference ?? ''} />}
          </FormField>
          <FormField id={fieldId('sentOn')} label="Date you sent the goods back" error={messageFor(problems, 'sentOn')}>
            {(control) => <Input {...control} type="date" name="sentOn" defaultValue={values.sentOn ?? ''} />}
          </FormField>
          <FormField id={fieldId('carrier')} label="Carrier (optional)" error={messageFor(problems, 'carrier')}>
            {(control) => <Input {...control} name="carrier" defaultValue={values.carrier ?? ''} />}
          </FormField>
          <FormField id={fieldId('trackingNumber')} label="Tracking number (optional)" error={messageFor(problems, 'trackingNumber')}>
            {(control) => <Input {...control} name="trackingNumber" defaultValue={values.trackingNumber ?? ''} />}
          </FormField>
          <TextArea name="message" label="Anything else? (optional)" values={values} problems={problems} />
        </>
      );
    case 'delivery-terms':
      return (
        <>
          <Radios
            name="deliveryType"
            legend="How should it be delivered?"
            options={options(DELIVERY_TERMS_TYPES, DELIVERY_TERMS_TYPE_NAMES)}
            values={values}
            problems={problems}
          />
          <FormField id={fieldId('vehicleSize')} label="Largest vehicle that can reach you" error={messageFor(problems, 'vehicleSize')}>
            {(control) => (
              <Select {...control} name="vehicleSize" defaultValue={values.vehicleSize ?? ''}>
                <option value="">Choose a vehicle size</option>
                {options(VEHICLE_SIZES, VEHICLE_SIZE_NAMES).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <TextArea
            name="accessNotes"
            label="Access notes"
            hint="Steps, parking, narrow roads, gates: anything the driver should know."
            values={values}
            problems={problems}
          />
        </>
      );
  }
}
