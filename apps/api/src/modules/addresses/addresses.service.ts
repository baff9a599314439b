import { randomUUID } from 'node:crypto';
import { ADDRESS_BOOK_MAX, type AddressType, type LookupAddressesResult, type SavedAddress, type SavedAddressPage } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, CallerContext, ServiceContext } from '../../platform/context.ts';
import { cleanAddress, pageOf, type AddressInput, type CleanAddress } from './address-rules.ts';
import { AddressErrors } from './addresses.errors.ts';
import type { AddressesDeps } from './addresses.deps.ts';
import * as repository from './addresses.repository.ts';
import type { SavedAddressRow } from './addresses.repository.ts';

type SignedInContext = CallerContext & { actor: Actor };

/**
 * The address book (delivery and billing addresses, one default of each type, postcodes checked
 * and normalised, the courier's notes and the lookup's `udprn` kept) and "Find address": the
 * addresses at a postcode from the configured lookup.
 */
export interface AddressesService {
  addAddress(ctx: SignedInContext, input: AddressInput): Promise<SavedAddress>;
  /** Checkout's "Save this address to my address book": the address added, or the one already kept (same name, first line and postcode). */
  rememberAddress(ctx: SignedInContext, input: AddressInput): Promise<SavedAddress>;
  listAddresses(ctx: SignedInContext, query: { addressType?: AddressType; pageNumber: number; pageSize: number }): Promise<SavedAddressPage>;
  editAddress(ctx: SignedInContext, addressId: string, input: AddressInput): Promise<SavedAddress>;
  deleteAddress(ctx: SignedInContext, addressId: string): Promise<{ removed: true; addressId: string }>;
  lookupAddresses(ctx: Pick<ServiceContext, 'log'>, postcode: string): Promise<LookupAddressesResult>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function present(row: SavedAddressRow): SavedAddress {
  return {
    addressId: row.id,
    addressType: row.addressType,
    nickname: row.nickname,
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    countryCode: 'GB',
    phone: row.phone,
    udprn: row.udprn,
    isDefault: row.isDefault,
    accessNotes: row.accessNotes,
    tailLift: row.tailLift,
    kerbsideOnly: row.kerbsideOnly,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A type with addresses keeps a default: the newest other than `notId` when there is one, else `notId` itself. */
async function keepADefault(db: Database, ownerId: string, addressType: AddressType, notId: string): Promise<void> {
  if (await repository.findDefault(db, ownerId, addressType)) return;
  const other = await repository.newestOtherAddress(db, ownerId, addressType, notId);
  const stillOfType = other ?? (await repository.findAddress(db, ownerId, notId));
  if (stillOfType && stillOfType.addressType === addressType) await repository.makeDefault(db, stillOfType.id);
}

/** A new address in the owner's book (held by the caller's transaction), within the book's size. */
async function insert(db: Database, ownerId: string, address: CleanAddress, makeDefault: boolean, now: Date): Promise<SavedAddress> {
  if ((await repository.countAddresses(db, ownerId)) >= ADDRESS_BOOK_MAX) throw AddressErrors.bookFull();
  // The first address of a type is its default: a customer with one address never has to say so.
  const isDefault = makeDefault || !(await repository.findDefault(db, ownerId, address.addressType));
  if (makeDefault) await repository.clearDefault(db, ownerId, address.addressType);
  return present(await repository.insertAddress(db, { ...address, id: randomUUID(), ownerId, isDefault, now }));
}

export function createAddressesService({ delivery, lookup }: AddressesDeps): AddressesService {
  const clean = (input: AddressInput): CleanAddress => {
    const result = cleanAddress(input, delivery.parsePostcode);
    if (!result.ok) throw AddressErrors.postcodeInvalid(result.reason);
    return result.address;
  };
  /** Every change holds the owner's address book: two tabs adding defaults at once leave one default. */
  const change = <T>(ctx: SignedInContext, work: (db: Database, ownerId: string) => Promise<T>) =>
    ctx.db.transaction(async (db) => {
      await repository.lockAddressBook(db, ctx.actor.userId);
      return work(db, ctx.actor.userId);
    });

  return {
    addAddress(ctx, input) {
      const address = clean(input);
      return change(ctx, (db, ownerId) => insert(db, ownerId, address, input.isDefault, ctx.clock.now()));
    },

    rememberAddress(ctx, input) {
      const address = clean(input);
      return change(ctx, async (db, ownerId) => {
        const kept = await repository.findSameAddress(db, ownerId, address);
        return kept ? present(kept) : insert(db, ownerId, address, input.isDefault, ctx.clock.now());
      });
    },

    async listAddresses(ctx, query) {
      const ownerId = ctx.actor.userId;
      const totalCount = await repository.countAddresses(ctx.db, ownerId, query.addressType);
      const { offset, ...page } = pageOf(totalCount, query.pageNumber, query.pageSize);
      const rows =
        offset < totalCount ? await repository.listAddresses(ctx.db, ownerId, { addressType: query.addressType, limit: query.pageSize, offset }) : [];
      return { items: rows.map(present), ...page };
    },

    editAddress(ctx, addressId, input) {
      if (!UUID.test(addressId)) return Promise.reject(AddressErrors.notFound());
      const address = clean(input);
      return change(ctx, async (db, ownerId) => {
        const before = await repository.findAddress(db, ownerId, addressId);
        if (!before) throw AddressErrors.notFound();
        if (input.isDefault) await repository.clearDefault(db, ownerId, address.addressType);
        await repository.updateAddress(db, ownerId, addressId, { ...address, isDefault: input.isDefault, now: ctx.clock.now() });
        await keepADefault(db, ownerId, before.addressType, addressId);
        if (before.addressType !== address.addressType) await keepADefault(db, ownerId, address.addressType, addressId);
        return present((await repository.findAddress(db, ownerId, addressId))!);
      });
    },

    deleteAddress(ctx, addressId) {
      if (!UUID.test(addressId)) return Promise.reject(AddressErrors.notFound());
      return change(ctx, async (db, ownerId) => {
        const removed = await repository.deleteAddress(db, ownerId, addressId);
        if (!removed) throw AddressErrors.notFound();
        if (removed.isDefault) await keepADefault(db, ownerId, removed.addressType, addressId);
        return { removed: true as const, addressId };
      });
    },

    async lookupAddresses(ctx, typed) {
      const parsed = delivery.parsePostcode(typed);
      if (!parsed.ok) throw AddressErrors.postcodeInvalid(parsed.reason);
      const postcode = parsed.postcode.normalised;
      const outcome = await lookup.find(postcode);
      if (outcome.ok) return { postcode, addresses: outcome.addresses };
      if (outcome.reason === 'not-found') throw AddressErrors.postcodeNotFound(postcode);
      // Staff need to know (credit to top up, a key to fix); the customer is told to type the address.
      ctx.log.warn({ provider: lookup.kind }, `Postcode lookup unavailable: ${outcome.detail}`);
      throw AddressErrors.lookupUnavailable();
    },
  };
}
