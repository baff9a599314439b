import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addressesOf, type DataSubject } from '../platform/personal-data.ts';

/** For repositories' erasure queries: the column holds one of the person's addresses, however it was typed. */
export const isSubjectsAddress = (column: SQLWrapper, subject: DataSubject): SQL => inArray(sql`lower(${column})`, addressesOf(subject));
