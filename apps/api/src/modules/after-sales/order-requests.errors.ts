import { CHANGE_OF_MIND_RETURN_DAYS, DAMAGE_REPORT_HOURS, MISSING_REPORT_DAYS, londonClock, londonLongDate } from '@shop/contracts';
import { AppError, fieldRefusal } from '../../platform/errors.ts';

const when = (at: Date) => `${londonClock(at)} on ${londonLongDate(at)}`;

/** Order self-service's refusals (decision 0031): each changes nothing. */
export const OrderRequestErrors = {
  notDelivered: (orderNumber: string) =>
    new AppError(
      409,
      'RETURN_NOT_DELIVERED',
      `Order ${orderNumber} has not been delivered yet. You can return unwanted items once they arrive, or cancel them before they are dispatched.`,
    ),
  returnWindowClosed: (endedAt: Date) =>
    new AppError(
      422,
      'RETURN_WINDOW_CLOSED',
      `The ${CHANGE_OF_MIND_RETURN_DAYS} days to return unwanted items ended on ${londonLongDate(endedAt)}. ` +
        'If an item is faulty, report it or ask us about it instead.',
    ),
  returnNotAllowed: (message: string) => fieldRefusal(422, 'RETURN_NOT_ALLOWED', 'lines', message),
  returnTooMany: (productName: string, left: number) =>
    fieldRefusal(
      422,
      'RETURN_QUANTITY_TOO_LARGE',
      'lines',
      left === 0
        ? `${productName} has been returned already, or is on its way back: there is nothing more of it to return.`
        : `You can return at most ${left} of ${productName}.`,
    ),
  noSuchLine: (position: number) =>
    fieldRefusal(422, 'ORDER_LINE_NOT_FOUND', 'lines', `There is no item ${position + 1} in this order. Choose items from the order.`),
  duplicateLine: () => fieldRefusal(422, 'ORDER_LINE_REPEATED', 'lines', 'Choose each item once, with the quantity you want.'),
  reportNotDelivered: (orderNumber: string) =>
    new AppError(409, 'REPORT_NOT_DELIVERED', `Order ${orderNumber} has not been delivered yet. Report damaged or missing items once it arrives.`),
  reportWindowClosed: (issue: 'damaged' | 'missing' | 'wrong-item', endedAt: Date) =>
    new AppError(
      422,
      'REPORT_WINDOW_CLOSED',
      issue === 'damaged'
        ? `Damage must be reported within ${DAMAGE_REPORT_HOURS} hours of delivery: that ended at ${when(endedAt)}. Ask us about the order instead.`
        : `Missing or wrong items must be reported within ${MISSING_REPORT_DAYS} days of delivery: that ended at ${when(endedAt)}. ` +
            'Ask us about the order instead.',
    ),
  tooLateToAmend: (orderNumber: string, status: string) =>
    new AppError(
      409,
      'ORDER_TOO_LATE_TO_AMEND',
      `Order ${orderNumber} is ${status}, so it can no longer be changed. Ask us about it instead, or return what you do not want once it arrives.`,
    ),
  cancelledOrder: (orderNumber: string) =>
    new AppError(409, 'ORDER_ALREADY_CANCELLED', `Order ${orderNumber} is cancelled and its payment refunded: there is nothing more to do.`),
  cannotCancel: (orderNumber: string, status: string) =>
    new AppError(409, 'ORDER_NOT_CANCELLABLE', `Order ${orderNumber} is ${status}, so it cannot be cancelled. Ask us about it instead.`),
  // uploads
  photosMissing: () => fieldRefusal(400, 'HELP_FORM_INVALID', 'form', 'Send the report as a form (multipart/form-data).'),
  fieldInvalid: (field: string, message: string) => fieldRefusal(400, 'HELP_FIELD_INVALID', field, message),
  tooManyPhotos: (max: number) => fieldRefusal(422, 'HELP_TOO_MANY_FILES', 'photos', `Add at most ${max} photos.`),
  // staff: returns
  returnNotFound: () => new AppError(404, 'RETURN_NOT_FOUND', 'There is no return for this reference.'),
  returnChanged: () => new AppError(409, 'RETURN_CHANGED', 'The return changed since you looked at it. Look at it again before you act.'),
  returnStatusNotAllowed: (status: string, action: string) => new AppError(409, 'RETURN_STATUS_NOT_ALLOWED', `A return that is ${status} cannot be ${action}.`),
  returnAlreadyRefunded: (reference: string) => new AppError(409, 'RETURN_ALREADY_REFUNDED', `Return ${reference} has been refunded already.`),
};
