import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { composeApi } from './api.ts';
import { loadApiConfig } from './config.ts';
import * as schema from './db/schema.ts';

/**
 * Every column that can hold a person's e-mail address, name, phone, address or account must be in
 * some module's personal-data declaration (platform/personal-data.ts), so erasure reaches it or says
 * why it stays. A new module's column named like one fails here until its module declares it.
 */
const PERSONAL_COLUMN =
  /(^|_)(e_?mail|name|phone|address|postcode|town|county|contact|payer|billing|line[12])$|^to$|(^|_)(user|customer|owner|author)_id$|^account_id$/;

/** Columns named like personal data that are not about a customer, each with why. */
const NOT_PERSONAL: Record<string, string> = {
  'brands.name': 'a brand',
  'categories.name': 'a category',
  'blog_categories.name': 'a blog category',
  'category_facets.display_name': 'a filter',
  'products.name': 'a product',
  'order_lines.product_name': 'a product, as sold',
  'delivery_upgrades.option_name': 'a delivery option, as chosen',
  'vat_rates.name': 'a VAT rate',
  'trade_bands.name': 'a trade band',
  'identity_secrets.name': 'a signing key',
  'sandbox_settings.name': 'a sandbox setting',
  'credit_sandbox_settings.name': 'a setting of the credit sandbox (its webhook signing secret)',
  'seed_runs.name': 'a demo seed',
  // Staff's names on their own work: the shop's record of who did what, not data about a customer.
  'help_requests.assigned_to_name': 'the staff member a request is assigned to',
  'trade_band_changes.actor_user_id': 'the staff member (or the system) that moved a band',
  'trade_band_changes.actor_name': 'the staff member (or the system) that moved a band',
  'order_history.actor_name': 'the staff member who changed an order for its customer (null for the customer’s own change)',
  'range_imports.file_name': 'the name of the range file staff imported, not of a person',
  'search_synonym_changes.actor_user_id': 'the staff member who changed a search synonym group',
  'search_synonym_changes.actor_name': 'the staff member who changed a search synonym group',
};

// The modules as composeApi makes them; declaring needs no database.
const { modules: apiModules } = composeApi({ config: loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: undefined as never });
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable).map((table) => getTableConfig(table));
const declared = new Set(
  apiModules.flatMap((module) =>
    (module.personalData ?? []).flatMap((store) => Object.entries(store.columns).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`))),
  ),
);

describe('personal data', () => {
  it('is declared by a module wherever a column holds an e-mail address, name, phone, address or account', () => {
    const personal = tables
      .flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`))
      .filter((name) => PERSONAL_COLUMN.test(name.split('.')[1]!));
    expect(personal.length).toBeGreaterThan(40);
    expect(personal.filter((name) => !declared.has(name) && !(name in NOT_PERSONAL))).toEqual([]);
  });

  it('names only columns that exist, and gives every kept store its reason and period', () => {
    const columns = new Set(tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)));
    expect([...declared].filter((name) => !columns.has(name))).toEqual([]);
    expect(Object.keys(NOT_PERSONAL).filter((name) => !columns.has(name))).toEqual([]);
    // A kept store says why and for how long; any other store says how it erases.
    const unexplained = apiModules
      .flatMap((module) => module.personalData ?? [])
      .filter((store) => (store.onErasure.effect === 'kept' ? store.onErasure.reason.length < 10 || store.onErasure.period.length < 3 : !store.erase))
      .map((store) => store.label);
    expect(unexplained).toEqual([]);
  });
});
