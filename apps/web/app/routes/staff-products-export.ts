import { ApiError, createCatalogueEditorClient } from '@shop/api-client';
import { londonIsoDate } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/staff-products-export';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { CATALOGUE_ROLES } from '../lib/staff-products/products.ts';
import { RANGE_FILES, rangeFileStream } from '../lib/staff-products/range-file.server.ts';

const PAGE = 2_000;

/** The range as a CSV or JSON file, one row per variant, streamed a page of the API's export at a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const format = RANGE_FILES[params.file as keyof typeof RANGE_FILES];
  if (!format) throw data(null, { status: 404 });
  const api = staffClient(request, CATALOGUE_ROLES, 'catalogue', createCatalogueEditorClient);
  const page = (after: number) => api.exportStaffRange({ query: { after, limit: PAGE } });
  try {
    const first = await page(0);
    return new Response(rangeFileStream(format, first, page), {
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="range-${londonIsoDate(new Date())}.${format}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status < 500) {
      return new Response(apiProblemMessage(error), {
        status: error.status,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
    throw error;
  }
}
