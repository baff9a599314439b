/** Helpers of the staff product editor's API suites (product-essentials, bundle-essentials): products to edit and what a refusal names. */
import { sql } from 'drizzle-orm';
import { createCatalogueClient, createCatalogueEditorClient, type ApiError, type CatalogueEditorClient } from '@shop/api-client';
import type { Problem, StaffProductRow } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';

/** The editor's suites' callers, each signed in by the token of their name. */
export const EDITOR_ACTORS: Record<string, Actor> = {
  manager: { userId: 'user-ellis', name: 'Ellis Essentials', roles: ['shopper', 'catalogue-manager'] },
  other: { userId: 'user-bo', name: 'Bo Bundles', roles: ['shopper', 'catalogue-manager'] },
  discounts: { userId: 'user-dee', roles: ['shopper', 'discount-manager'] },
  shopper: { userId: 'user-sam', roles: ['shopper'] },
};
/** The editor's client as the caller of that token (none: signed out), and the storefront's. */
export const editorClient = (api: TestApi, token?: string): CatalogueEditorClient =>
  createCatalogueEditorClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token });
export const shopClient = (api: TestApi) => createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });

/** The fields a refusal names, as `body.quantity` or `params.sku`. */
export const fields = (error: ApiError) => ((error.data as Problem).errors ?? []).map((problem) => problem.path);

/** The ids of the first products meeting a condition on their row. */
export async function idsWhere(api: TestApi, condition: ReturnType<typeof sql>, limit: number): Promise<number[]> {
  const result = (await api.database.db.execute(sql`select id from products where ${condition} order by id limit ${limit}`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((row) => Number(row.id));
}

/** Seeded products on sale, none a bundle, as the editor's search lists them: to name as items. */
export async function plainItems(api: TestApi, staff: CatalogueEditorClient): Promise<StaffProductRow[]> {
  const plain = new Set(await idsWhere(api, sql`not is_bundle and withdrawn_at is null`, 2_000));
  return (await staff.searchStaffProducts({ query: { pageSize: 100 } })).items.filter((row) => plain.has(row.id));
}

/** The API as the editor's suites start it: its callers by token, its clock `ahead()` milliseconds ahead of the machine's. */
export const startEditorApi = (ahead: () => number) =>
  startTestApi({
    clock: { now: () => new Date(Date.now() + ahead()) },
    authenticate: async (authorization) => EDITOR_ACTORS[authorization.replace(/^Bearer /, '')] ?? null,
  });
