import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createCatalogueEditorClient } from '@shop/api-client';
import { productImageIdOf, type Problem, type StaffProduct } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { samplePng } from '../files/testing.ts';

let api: TestApi;
let filesDir = '';
/** The app's clock runs this far ahead of the machine's: a step's effect is looked for once the editor's minute has passed. */
let ahead = 0;
/** Who each bearer token is: a catalogue manager, staff of another role, a shopper. */
const actors: Record<string, Actor> = {
  manager: { userId: 'user-pia', name: 'Pia Pictures', roles: ['shopper', 'catalogue-manager'] },
  discounts: { userId: 'user-dee', roles: ['shopper', 'discount-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
const editorAs = (token?: string) => createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });
const shop = () => createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
let staff: ReturnType<typeof editorAs>;
/** A seeded product, with the demo drawings of its finishes; new products take its brand and sub-category. */
let seeded: StaffProduct;

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-product-pictures-'));
  api = await startTestApi({
    env: { FILES_DIR: filesDir },
    clock: { now: () => new Date(Date.now() + ahead) },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
  staff = editorAs('manager');
  const first = (await staff.searchStaffProducts({ query: { pageSize: 1 } })).items[0]!;
  seeded = await staff.getStaffProduct({ params: { id: first.id } });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

/** Whether the file store still holds the bytes of the uploaded picture at `url`. */
const stored = (url: string) => fs.existsSync(path.join(filesDir, productImageIdOf(url)!.slice(0, 2), productImageIdOf(url)!));

/** A new product of code `code` (variants `<code>-WH` and `<code>-BK`) with `count` pictures uploaded of its white variant. */
async function productWithPictures(code: string, count: number): Promise<StaffProduct> {
  const created = await staff.createStaffProduct({
    body: {
      name: `Harbour Picture Basin ${code}`,
      description: 'A basin with pictures.',
      brandSlug: seeded.brandSlug,
      categorySlug: seeded.categorySlug,
      variant: { sku: `${code}-WH`, label: 'White', priceIncVat: 14_900, vatRateCode: 'standard', stockOnHand: 3 },
    },
  });
  await staff.addStaffVariant({
    params: { id: created.id },
    body: { version: created.version, sku: `${code}-BK`, label: 'Black', priceIncVat: 15_900, vatRateCode: 'standard', stockOnHand: 3 },
  });
  for (let index = 0; index < count; index++) {
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(samplePng())], { type: 'image/png' }), `white-${index + 1}.png`);
    const answer = await fetch(`${api.serviceUrl('catalogue')}/Staff/Products/${created.id}/Variants/${code}-WH/Images`, {
      method: 'POST',
      headers: { authorization: 'Bearer manager' },
      body: form,
    });
    expect(answer.status).toBe(201);
  }
  return staff.getStaffProduct({ params: { id: created.id } });
}

const picturesOf = (product: StaffProduct, sku: string) => product.variants.find((variant) => variant.sku === sku)!.images;
/** The product page's pictures, in its order, as every instance shows them within the minute the editor promises. */
const shown = async (slug: string) => {
  ahead += 60_000;
  // Asked twice, so the page's answer is kept: a step after it must make the page forget it.
  await shop().getProductSummary({ query: { slug } });
  return (await shop().getProductSummary({ query: { slug } })).images;
};
const shownOf = async (slug: string, sku: string) => (await shown(slug)).filter((image) => image.sku === sku).map((image) => image.url);

describe("putting a variant's pictures in order", () => {
  it('moves a picture to first place, and the product page shows it first within the minute', async () => {
    const product = await productWithPictures('PORD', 3);
    const [one, two, three] = picturesOf(product, 'PORD-WH').map((image) => image.url);
    expect(picturesOf(product, 'PORD-WH').map((image) => image.uploaded)).toEqual([true, true, true]);
    // Read once, so the page's kept answer must be forgotten.
    expect(await shownOf(product.slug, 'PORD-WH')).toEqual([one, two, three]);
    const third = picturesOf(product, 'PORD-WH')[2]!;
    const moved = await staff.moveStaffVariantImage({
      params: { id: product.id, sku: 'PORD-WH', imageId: third.id },
      body: { version: product.version, place: 1 },
    });
    expect(picturesOf(moved, 'PORD-WH').map((image) => image.url)).toEqual([three, one, two]);
    expect([moved.version, moved.audit[0]!.who, moved.audit[0]!.what]).toEqual([
      product.version + 1,
      'Pia Pictures',
      'Picture 3 of PORD-WH “White” moved to first place',
    ]);
    expect(await shownOf(product.slug, 'PORD-WH')).toEqual([three, one, two]);
    // And down again, one place.
    const down = await staff.moveStaffVariantImage({
      params: { id: product.id, sku: 'PORD-WH', imageId: third.id },
      body: { version: moved.version, place: 2 },
    });
    expect(picturesOf(down, 'PORD-WH').map((image) => image.url)).toEqual([one, three, two]);
    expect(down.audit[0]!.what).toBe('Picture 1 of PORD-WH “White” moved to place 2');
    expect(await shownOf(product.slug, 'PORD-WH')).toEqual([one, three, two]);
  });

  it("keeps the other variants' pictures where they were", async () => {
    const product = await productWithPictures('PKEP', 2);
    const form = new FormData();
    form.append('image', new Blob([Uint8Array.from(samplePng())], { type: 'image/png' }), 'black.png');
    await fetch(`${api.serviceUrl('catalogue')}/Staff/Products/${product.id}/Variants/PKEP-BK/Images`, {
      method: 'POST',
      headers: { authorization: 'Bearer manager' },
      body: form,
    });
    const before = await staff.getStaffProduct({ params: { id: product.id } });
    const black = picturesOf(before, 'PKEP-BK')[0]!.url;
    const [first, second] = picturesOf(before, 'PKEP-WH');
    await staff.moveStaffVariantImage({ params: { id: product.id, sku: 'PKEP-WH', imageId: second!.id }, body: { version: before.version, place: 1 } });
    const all = (await shown(product.slug)).map((image) => image.url);
    expect(all).toEqual([second!.url, first!.url, black]);
  });
});

describe("removing a variant's picture", () => {
  it('takes it off the product page and deletes its file through files', async () => {
    const product = await productWithPictures('PREM', 2);
    const [first, second] = picturesOf(product, 'PREM-WH');
    expect(await shownOf(product.slug, 'PREM-WH')).toEqual([first!.url, second!.url]);
    expect(stored(first!.url)).toBe(true);
    const removed = await staff.removeStaffVariantImage({ params: { id: product.id, sku: 'PREM-WH', imageId: first!.id }, body: { version: product.version } });
    expect(picturesOf(removed, 'PREM-WH').map((image) => image.url)).toEqual([second!.url]);
    expect([removed.audit[0]!.who, removed.audit[0]!.what]).toEqual(['Pia Pictures', 'Picture 1 of PREM-WH “White” removed']);
    expect(await shownOf(product.slug, 'PREM-WH')).toEqual([second!.url]);
    expect(stored(first!.url)).toBe(false);
    expect((await fetch(`${api.origin}${first!.url}`)).status).toBe(404);
    expect(stored(second!.url)).toBe(true);
  });

  it('keeps the file while another variant still shows it', async () => {
    const product = await productWithPictures('PSHR', 1);
    const [white] = picturesOf(product, 'PSHR-WH');
    // The same file shown for the black variant too.
    await api.database.db.execute(
      sql`insert into product_images (product_id, offering_id, url, alt_text, position)
          select ${product.id}, o.id, ${white!.url}, 'Harbour Picture Basin PSHR in Black', 5 from offerings o where o.sku = 'PSHR-BK'`,
    );
    const removed = await staff.removeStaffVariantImage({
      params: { id: product.id, sku: 'PSHR-WH', imageId: white!.id },
      body: { version: product.version },
    });
    expect(picturesOf(removed, 'PSHR-WH')).toEqual([]);
    expect(stored(white!.url)).toBe(true);
    expect((await fetch(`${api.origin}${white!.url}`)).status).toBe(200);
  });

  it("takes a demo drawing off the variant only: it is the shop's, not an upload", async () => {
    const product = await staff.getStaffProduct({ params: { id: seeded.id } });
    const variant = product.variants.find((candidate) => candidate.images.length > 1)!;
    const [drawing, ...rest] = variant.images;
    expect(drawing!.uploaded).toBe(false);
    const removed = await staff.removeStaffVariantImage({
      params: { id: product.id, sku: variant.sku, imageId: drawing!.id },
      body: { version: product.version },
    });
    expect(picturesOf(removed, variant.sku)).toEqual(rest);
    expect(await shownOf(product.slug, variant.sku)).toEqual(rest.map((image) => image.url));
  });
});

describe('refusing a picture step', () => {
  it('refuses a stale version, an unknown picture, a place past the last, and changes nothing', async () => {
    const product = await productWithPictures('PBAD', 2);
    const [first, second] = picturesOf(product, 'PBAD-WH');
    const params = { id: product.id, sku: 'PBAD-WH', imageId: second!.id };
    const stale = await failure(staff.removeStaffVariantImage({ params, body: { version: product.version - 1 } }));
    expect([stale.status, stale.code]).toEqual([409, 'PRODUCT_CHANGED']);
    const staleMove = await failure(staff.moveStaffVariantImage({ params, body: { version: product.version - 1, place: 1 } }));
    expect([staleMove.status, staleMove.code]).toEqual([409, 'PRODUCT_CHANGED']);
    const unknown = await failure(staff.removeStaffVariantImage({ params: { ...params, imageId: 2_000_000_000 }, body: { version: product.version } }));
    expect([unknown.status, unknown.code, unknown.message]).toEqual([
      404,
      'VARIANT_IMAGE_NOT_FOUND',
      'The variant PBAD-WH has no such picture: someone may have removed it already. Open the product again to see its pictures as they are now.',
    ]);
    // A picture of the product, but of another variant, is not this variant's.
    const otherVariant = await failure(staff.moveStaffVariantImage({ params: { ...params, sku: 'PBAD-BK' }, body: { version: product.version, place: 1 } }));
    expect([otherVariant.status, otherVariant.code]).toEqual([404, 'VARIANT_IMAGE_NOT_FOUND']);
    const pastLast = await failure(staff.moveStaffVariantImage({ params, body: { version: product.version, place: 3 } }));
    expect([pastLast.status, pastLast.code, (pastLast.data as Problem).errors]).toEqual([
      422,
      'IMAGE_PLACE_OUT_OF_RANGE',
      [expect.objectContaining({ path: 'body.place', message: 'Choose a place from 1 to 2: the variant has 2 pictures.' })],
    ]);
    const otherCode = await failure(staff.removeStaffVariantImage({ params: { ...params, sku: seeded.variants[0]!.sku }, body: { version: product.version } }));
    expect([otherCode.status, otherCode.code]).toEqual([422, 'SKU_NOT_OF_PRODUCT']);
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect([after.version, after.audit.length, picturesOf(after, 'PBAD-WH')]).toEqual([product.version, product.audit.length, [first, second]]);
    expect(stored(second!.url)).toBe(true);
  });

  it('refuses a shopper, staff of another role and someone signed out', async () => {
    const product = await productWithPictures('PWHO', 2);
    const [, second] = picturesOf(product, 'PWHO-WH');
    const params = { id: product.id, sku: 'PWHO-WH', imageId: second!.id };
    for (const [who, status] of [
      ['shopper', 403],
      ['discounts', 403],
      [undefined, 401],
    ] as const) {
      expect((await failure(editorAs(who).removeStaffVariantImage({ params, body: { version: product.version } }))).status).toBe(status);
      expect((await failure(editorAs(who).moveStaffVariantImage({ params, body: { version: product.version, place: 1 } }))).status).toBe(status);
    }
    const after = await staff.getStaffProduct({ params: { id: product.id } });
    expect([after.version, picturesOf(after, 'PWHO-WH')]).toEqual([product.version, picturesOf(product, 'PWHO-WH')]);
  });
});
