import type { ProductSummary } from '@shop/contracts';

export type Offering = ProductSummary['offerings'][number];

/** The ways a product's offerings differ, in the order the picker shows them. */
export const AXES = ['width', 'finish', 'handing', 'pack'] as const;
export type Axis = (typeof AXES)[number];

export const AXIS_LABELS: Record<Axis, string> = { width: 'Size', finish: 'Finish', handing: 'Handing', pack: 'Pack' };

/** An offering's value on an axis as a string key (null: the offering has no value there). */
export function axisValue(offering: Offering, axis: Axis): string | null {
  switch (axis) {
    case 'width':
      return offering.widthMm === null ? null : String(offering.widthMm);
    case 'finish':
      return offering.finish;
    case 'handing':
      return offering.handing;
    case 'pack':
      return String(offering.packQty);
  }
}

export function axisValueLabel(axis: Axis, value: string): string {
  switch (axis) {
    case 'width':
      return `${value} mm`;
    case 'handing':
      return value === 'left' ? 'Left hand' : 'Right hand';
    case 'pack':
      return value === '1' ? 'Single' : `Pack of ${value}`;
    default:
      return value;
  }
}

export interface AxisChoice {
  value: string;
  label: string;
  /** The offering this choice selects: the one matching the other current choices, else the closest. */
  sku: string;
  /** False when no offering has this value together with the current choices on the other axes. */
  combines: boolean;
  outOfStock: boolean;
}

export interface VariantAxis {
  axis: Axis;
  label: string;
  selected: string | null;
  choices: AxisChoice[];
}

/** How many of the other axes two offerings share: used to pick the closest offering. */
function sharedAxes(a: Offering, b: Offering, except: Axis): number {
  return AXES.filter((axis) => axis !== except && axisValue(a, axis) === axisValue(b, axis)).length;
}

/**
 * The offering to select when the shopper picks `value` on `axis` while `current` is chosen:
 * the offering keeping every other choice, or else the one keeping the most of them (first wins).
 */
export function pickOffering(offerings: Offering[], current: Offering, axis: Axis, value: string): Offering | undefined {
  let best: Offering | undefined;
  let bestScore = -1;
  for (const offering of offerings) {
    if (axisValue(offering, axis) !== value) continue;
    const score = sharedAxes(offering, current, axis);
    if (score > bestScore) {
      best = offering;
      bestScore = score;
    }
  }
  return best;
}

/** The picker's radio groups: only axes on which the offerings actually differ. */
export function variantAxes(offerings: Offering[], current: Offering): VariantAxis[] {
  const axes: VariantAxis[] = [];
  for (const axis of AXES) {
    const values = [...new Set(offerings.map((offering) => axisValue(offering, axis)).filter((value) => value !== null))];
    if (values.length < 2) continue;
    if (axis === 'width' || axis === 'pack') values.sort((a, b) => Number(a) - Number(b));
    const choices = values.map((value): AxisChoice => {
      const target = pickOffering(offerings, current, axis, value) as Offering;
      const combines = sharedAxes(target, current, axis) === AXES.length - 1;
      return {
        value,
        label: axisValueLabel(axis, value),
        sku: target.sku,
        combines,
        outOfStock: target.stockStatus.status === 'out_of_stock',
      };
    });
    axes.push({ axis, label: AXIS_LABELS[axis], selected: axisValue(current, axis), choices });
  }
  return axes;
}

/** The offering a `?sku=` names, else the default one, else the first. */
export function selectedOffering(offerings: Offering[], sku: string | null | undefined): Offering | undefined {
  return offerings.find((offering) => offering.sku === sku) ?? offerings.find((offering) => offering.isDefault) ?? offerings[0];
}
