/**
 * What is left of an order line once the customer has cancelled part of it before dispatch (the
 * help centre records the cancelled part on the line): how many were ordered, how many cancelled,
 * and how many are still to be sent, with the price of those. Every page, pick list and e-mail
 * reads these figures from the API's order, so the warehouse never sees the cancelled part as due.
 */
export interface LineQuantities {
  orderedQuantity: number;
  cancelledQuantity: number;
  /** How many are still to be sent (or were sent): ordered less cancelled. */
  quantity: number;
  /** The price of what is still to be sent, before any order discount. */
  lineTotalIncVat: number;
}

export function lineQuantities(line: { quantity: number; cancelledQuantity: number; lineTotalIncVat: number }): LineQuantities {
  const cancelledQuantity = Math.min(Math.max(line.cancelledQuantity, 0), line.quantity);
  const quantity = line.quantity - cancelledQuantity;
  // In the same proportion as the refund for the cancelled part (refunds.ts `paidFor`), so the two add up to the line.
  const lineTotalIncVat =
    cancelledQuantity === 0 ? line.lineTotalIncVat : line.lineTotalIncVat - Math.round((line.lineTotalIncVat * cancelledQuantity) / line.quantity);
  return { orderedQuantity: line.quantity, cancelledQuantity, quantity, lineTotalIncVat };
}
