/** The words of a staff search: each must appear somewhere in the text searched. */
import { and, sql, type SQL } from 'drizzle-orm';

/** `%word%` for each word, escaped, so every word must appear somewhere. */
export function everyWord(text: SQL, search: string | undefined): SQL | undefined {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${text} ilike ${`%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`));
}
