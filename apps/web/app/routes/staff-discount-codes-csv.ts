import { createDiscountsClient } from '@shop/api-client';
import type { Route } from './+types/staff-discount-codes-csv';
import { staffClient, staffCsvFile } from '../lib/auth/staff-page.server.ts';
import { issueCodesCsv, issueCodesFilename } from '../lib/staff-discounts/csv.ts';
import { DISCOUNT_ROLES } from '../lib/staff-discounts/promotion.ts';

/** Every issue code of a promotion as a CSV file, to print on leaflets or send to a mailing house. */
export function loader({ request, params }: Route.LoaderArgs) {
  const api = staffClient(request, DISCOUNT_ROLES, 'discounts', createDiscountsClient);
  const promotionCode = params.promotionCode.trim().toUpperCase();
  return staffCsvFile(async () => {
    const { promotion, issueCodes } = await api.getDiscount({ params: { promotionCode, issueCode: promotionCode } });
    return { filename: issueCodesFilename(promotion.promotionCode, new Date()), csv: issueCodesCsv(promotion.promotionCode, issueCodes) };
  });
}
