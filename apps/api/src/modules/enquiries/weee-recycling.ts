import { WEEE_ITEM_TYPE_NAMES, WEEE_MAX_PHOTOS, WEEE_METHOD_NAMES, WeeeRecyclingFieldsSchema, londonIsoDate, type EnquiryAccepted } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';
import { IMAGE_TYPES, type UploadForm } from '../files/index.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { readableDate, summaryLine, weeeWindow } from './enquiry-rules.ts';
import { contactOf, parseFields, recordEnquiry, withStoredFiles, type Ctx } from './form-requests.ts';

/** The order a WEEE request names: the signed-in customer's own, or a guest's by the address it was placed with. */
async function orderOf(deps: Pick<EnquiriesDeps, 'orders'>, ctx: Ctx, orderNumber: string, emailAddress: string) {
  try {
    if (ctx.actor) return await deps.orders.getMyOrder(ctx, orderNumber);
    await deps.orders.checkTrackingDetails(ctx, orderNumber, emailAddress);
    return await deps.orders.getOrderForStaff(ctx, orderNumber);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw EnquiryErrors.orderNotFound();
    throw error;
  }
}

/**
 * Free take-back of an old electrical item for a new one bought within the WEEE window (docs/domain.md),
 * with photos of the old item: the window runs from the order's date, or the date a guest gives.
 */
export async function requestElectricalRecycling(deps: EnquiriesDeps, ctx: Ctx, form: UploadForm): Promise<EnquiryAccepted> {
  const body = parseFields(WeeeRecyclingFieldsSchema, form.fields);
  const photos = form.files.filter((file) => file.field === 'photos');
  if (photos.length === 0) throw EnquiryErrors.photoMissing();
  if (photos.length > WEEE_MAX_PHOTOS || form.files.length > photos.length) throw EnquiryErrors.tooManyFiles('photos', WEEE_MAX_PHOTOS);
  const contact = contactOf(deps, ctx, body);
  const now = ctx.clock.now();
  let order: { id: string; orderNumber: string } | null = null;
  let boughtOn = body.purchaseDate;
  if (body.orderNumber) {
    const found = await orderOf(deps, ctx, body.orderNumber, contact.emailAddress);
    order = { id: found.orderGuid, orderNumber: found.orderNumber };
    boughtOn = londonIsoDate(found.placedAt);
  }
  if (!boughtOn) throw EnquiryErrors.weeePurchaseDateMissing();
  const window = weeeWindow(boughtOn, now);
  if (window.inFuture) throw EnquiryErrors.weeePurchaseDateFuture();
  if (!window.open) throw EnquiryErrors.weeeWindowClosed(order ? 'orderNumber' : 'purchaseDate', readableDate(window.closesOn));
  const postcode = body.postcode.toUpperCase().replace(/\s+/g, ' ');
  const item = WEEE_ITEM_TYPE_NAMES[body.oldItemType];
  return withStoredFiles(deps, ctx, { purpose: 'help-request', accept: IMAGE_TYPES }, photos, (stored) =>
    recordEnquiry(deps, ctx, 'WEEE_RECYCLING', contact, {
      phone: body.phone ?? null,
      order,
      summary: summaryLine(item, WEEE_METHOD_NAMES[body.method], postcode),
      details: { ...body, name: undefined, emailAddress: undefined, postcode, boughtOn, takeBackUntil: window.closesOn },
      message: body.notes ?? null,
      files: stored.map((file) => ({ file, role: 'photo' })),
      nextSteps: [
        body.method === 'collection'
          ? `Our operations team will arrange a day to collect your old ${item.toLowerCase()} from ${postcode}, and tell you any charge first.`
          : `Our operations team will tell you where and when to drop off your old ${item.toLowerCase()}.`,
        `Take-back is free until ${readableDate(window.closesOn)}.`,
      ],
    }),
  );
}
