import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { AddressType } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import type { CleanAddress } from './address-rules.ts';
import { savedAddresses } from './addresses.tables.ts';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

const ownedBy = (ownerId: string, id: string) => and(eq(savedAddresses.id, id), eq(savedAddresses.ownerId, ownerId));

/** Holds the owner's address book until the transaction ends: adds, edits and removals queue, so one default of each type holds. */
export async function lockAddressBook(db: Database, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${ownerId}`}, 0))`);
}

export async function countAddresses(db: Database, ownerId: string, addressType?: AddressType): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.ownerId, ownerId), addressType ? eq(savedAddresses.addressType, addressType) : undefined));
  return row?.n ?? 0;
}

export function listAddresses(db: Database, ownerId: string, page: { addressType?: AddressType; limit: number; offset: number }): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.ownerId, ownerId), page.addressType ? eq(savedAddresses.addressType, page.addressType) : undefined))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.updatedAt), desc(savedAddresses.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The owner's address of a type with this name, first line and postcode (ignoring case), if it is already kept. */
export async function findSameAddress(
  db: Database,
  ownerId: string,
  address: Pick<CleanAddress, 'addressType' | 'name' | 'line1' | 'postcode'>,
): Promise<SavedAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(
      and(
        eq(savedAddresses.ownerId, ownerId),
        eq(savedAddresses.addressType, address.addressType),
        eq(sql`lower(${savedAddresses.name})`, address.name.toLowerCase()),
        eq(sql`lower(${savedAddresses.line1})`, address.line1.toLowerCase()),
        eq(savedAddresses.postcode, address.postcode),
      ),
    )
    .limit(1);
  return row;
}

export async function findAddress(db: Database, ownerId: string, id: string): Promise<SavedAddressRow | undefined> {
  const [row] = await db.select().from(savedAddresses).where(ownedBy(ownerId, id));
  return row;
}

export async function clearDefault(db: Database, ownerId: string, addressType: AddressType): Promise<void> {
  await db
    .update(savedAddresses)
    .set({ isDefault: false })
    .where(and(eq(savedAddresses.ownerId, ownerId), eq(savedAddresses.addressType, addressType), eq(savedAddresses.isDefault, true)));
}

export async function insertAddress(
  db: Database,
  values: CleanAddress & { id: string; ownerId: string; isDefault: boolean; now: Date },
): Promise<SavedAddressRow> {
  const { now, ...row } = values;
  const [inserted] = await db
    .insert(savedAddresses)
    .values({ ...row, createdAt: now, updatedAt: now })
    .returning();
  return inserted!;
}

export async function updateAddress(db: Database, ownerId: string, id: string, values: CleanAddress & { isDefault: boolean; now: Date }) {
  const { now, ...row } = values;
  const [updated] = await db
    .update(savedAddresses)
    .set({ ...row, updatedAt: now })
    .where(ownedBy(ownerId, id))
    .returning();
  return updated;
}

export async function deleteAddress(db: Database, ownerId: string, id: string): Promise<SavedAddressRow | undefined> {
  const [deleted] = await db.delete(savedAddresses).where(ownedBy(ownerId, id)).returning();
  return deleted;
}

/** The newest address of a type other than `exceptId`: the default once the default goes. */
export async function newestOtherAddress(db: Database, ownerId: string, addressType: AddressType, exceptId: string): Promise<SavedAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.ownerId, ownerId), eq(savedAddresses.addressType, addressType), ne(savedAddresses.id, exceptId)))
    .orderBy(desc(savedAddresses.updatedAt), desc(savedAddresses.id))
    .limit(1);
  return row;
}

export async function makeDefault(db: Database, id: string): Promise<void> {
  await db.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, id));
}

export async function countAddressesOf(db: Database, subject: DataSubject): Promise<number> {
  return subject.userId ? countAddresses(db, subject.userId) : 0;
}

export async function deleteAddressesOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId) return 0;
  return (await db.delete(savedAddresses).where(eq(savedAddresses.ownerId, subject.userId)).returning({ id: savedAddresses.id })).length;
}

export async function findDefault(db: Database, ownerId: string, addressType: AddressType): Promise<SavedAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.ownerId, ownerId), eq(savedAddresses.addressType, addressType), eq(savedAddresses.isDefault, true)));
  return row;
}
