/**
 * The product editor's essentials and bundle steps (issue 42), posted as plain forms: the item named
 * by a variant code or by part of its product's name (found by the editor's search, as the
 * bought-together page finds a product), then added, changed, removed or moved through the API.
 */
import { ApiError, type CatalogueEditorClient } from '@shop/api-client';
import type { AddStaffEssential, ChangeStaffEssential, StaffProductRow } from '@shop/contracts';

export const ESSENTIAL_INTENTS = [
  'essential-add',
  'essential-change',
  'essential-remove',
  'essential-move',
  'bundle-add',
  'bundle-change',
  'bundle-remove',
  'bundle-move',
  'bundle-essential-add',
  'bundle-essential-change',
  'bundle-essential-remove',
] as const;
export type EssentialIntent = (typeof ESSENTIAL_INTENTS)[number];
export const isEssentialIntent = (intent: string): intent is EssentialIntent => (ESSENTIAL_INTENTS as readonly string[]).includes(intent);

/** A whole variant code as the shop writes them: tried as one before the name is searched. */
const CODE = /^[A-Za-z0-9][A-Za-z0-9.-]{1,39}$/;

/** The field's words when the item cannot be told from what was typed, or the code to send. */
export function itemNamedBy(typed: string, found: readonly StaffProductRow[]): { sku: string } | { problem: string } {
  const text = typed.trim();
  if (text === '') return { problem: 'Enter the code of a variant, or part of the product’s name' };
  const exact = found.find((row) => row.defaultSku.toLowerCase() === text.toLowerCase() || row.name.toLowerCase() === text.toLowerCase());
  if (exact) return { sku: exact.defaultSku };
  if (found.length === 1) return { sku: found[0]!.defaultSku };
  if (found.length === 0) return { problem: `No product has the code or name “${text}”: enter a variant code from the product editor` };
  return { problem: `${found.length} products match “${text}”: enter more of the name, or a variant code` };
}

/** A field the page refuses before asking the API, shown beside it as the API's words would be. */
export class FieldProblem extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Adds the item typed: as a code first, then, when no variant has that code, as the product the
 * editor's search finds by it.
 */
async function addNamed(typed: string, add: (sku: string) => Promise<unknown>, api: CatalogueEditorClient): Promise<void> {
  const text = typed.trim();
  if (CODE.test(text)) {
    try {
      await add(text);
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'ITEM_SKU_NOT_FOUND') throw error;
    }
  }
  const found = text ? (await api.searchStaffProducts({ query: { text: text.slice(0, 100), pageSize: 10 } })).items : [];
  const named = itemNamedBy(text, found);
  if ('problem' in named) throw new FieldProblem('item', named.problem);
  await add(named.sku);
}

const whole = (value: string | undefined) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 && number <= 2_147_483_647 ? number : null;
};

/**
 * The essential-item calls of the list a step is about: the product's own, or, with `bundleSku`, what
 * that item of the bundle needs within it (the bundle being the product edited).
 */
function essentialCalls(api: CatalogueEditorClient, id: number, bundleSku: string | null) {
  if (bundleSku === null)
    return {
      add: (body: AddStaffEssential) => api.addStaffEssential({ params: { id }, body }),
      change: (essentialId: number, body: ChangeStaffEssential) => api.changeStaffEssential({ params: { id, essentialId }, body }),
      remove: (essentialId: number, version: number) => api.removeStaffEssential({ params: { id, essentialId }, body: { version } }),
    };
  const sku = bundleSku;
  return {
    add: (body: AddStaffEssential) => api.addStaffBundleEssential({ params: { id, sku }, body }),
    change: (essentialId: number, body: ChangeStaffEssential) => api.changeStaffBundleEssential({ params: { id, sku, essentialId }, body }),
    remove: (essentialId: number, version: number) => api.removeStaffBundleEssential({ params: { id, sku, essentialId }, body: { version } }),
  };
}

/** Does the step: an id, place or code that is not one the page sends is a bad request (null). */
export async function essentialStep(
  api: CatalogueEditorClient,
  id: number,
  intent: EssentialIntent,
  values: Record<string, string | undefined>,
  version: number,
): Promise<'done' | null> {
  const quantity = Number(values.quantity?.trim() || '1');
  if (/-(add|change)$/.test(intent) && !Number.isSafeInteger(quantity)) throw new FieldProblem('quantity', 'Enter the quantity as a whole number, like 1');
  const requirement = values.requirement === 'required' ? 'required' : 'recommended';
  const compatibilityRule = values.compatibilityRule ?? '';
  const essentialId = whole(values.essentialId);
  const sku = values.sku ?? '';
  const place = whole(values.place);
  if (intent.startsWith('essential-') || intent.startsWith('bundle-essential-')) {
    const bundleSku = intent.startsWith('bundle-') ? values.bundleSku || null : null;
    if (intent.startsWith('bundle-') && bundleSku === null) return null;
    const calls = essentialCalls(api, id, bundleSku);
    if (intent.endsWith('-add')) {
      await addNamed(values.item ?? '', (item) => calls.add({ version, sku: item, requirement, quantity, compatibilityRule }), api);
      return 'done';
    }
    if (essentialId === null || (intent === 'essential-move' && place === null)) return null;
    if (intent.endsWith('-change')) await calls.change(essentialId, { version, requirement, quantity, compatibilityRule });
    else if (intent.endsWith('-remove')) await calls.remove(essentialId, version);
    else await api.moveStaffEssential({ params: { id, essentialId }, body: { version, place: place! } });
  } else if (intent === 'bundle-add') {
    await addNamed(values.item ?? '', (item) => api.addStaffBundleItem({ params: { id }, body: { version, sku: item, quantity } }), api);
  } else {
    if (!sku || (intent === 'bundle-move' && place === null)) return null;
    if (intent === 'bundle-change') await api.changeStaffBundleItem({ params: { id, sku }, body: { version, quantity } });
    else if (intent === 'bundle-remove') await api.removeStaffBundleItem({ params: { id, sku }, body: { version } });
    else await api.moveStaffBundleItem({ params: { id, sku }, body: { version, place: place! } });
  }
  return 'done';
}
