import { createCatalogueRequestsClient } from '@shop/api-client';
import { redirect } from 'react-router';
import type { Route } from './+types/staff-catalogue-requests-csv';
import { staffClient, staffCsvFile } from '../lib/auth/staff-page.server.ts';
import {
  CATALOGUE_DISPATCH_ROLES,
  CATALOGUE_REQUESTS_PATH,
  catalogueRequestsCsv,
  catalogueRequestsCsvFilename,
} from '../lib/staff-catalogue/catalogue-requests.ts';

/** Reading the address changes nothing: the file is made by the page's button, which posts here. */
export const loader = () => redirect(CATALOGUE_REQUESTS_PATH);

/** Every request not yet posted as a CSV file for the mailing, marked posted by the same call: none is handed out twice. */
export function action({ request }: Route.ActionArgs) {
  const api = staffClient(request, CATALOGUE_DISPATCH_ROLES, 'accounts', createCatalogueRequestsClient);
  return staffCsvFile(async () => {
    const posted = await api.postPrintedCatalogueRequests();
    return { filename: catalogueRequestsCsvFilename(posted.postedAt), csv: catalogueRequestsCsv(posted.items) };
  });
}
