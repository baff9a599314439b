/**
 * Change notices between instances sharing one database (docs/scaling.md, decision 0075). What an
 * instance keeps in memory (the catalogue snapshot and the answers kept from it, each signed-in
 * business's trade band, the trade bands and VAT rates) is forgotten on every instance when it
 * changes, not only when it ages out: the change's transaction sends a notice on the channel
 * `shop_changes` as it commits (the triggers of migration 0045, or `publish`), and each instance's
 * listening connection hears it. A notice names only a topic: what changed is read again from the
 * tables, so a missed notice costs freshness, never correctness, and a listening connection that
 * comes back after an outage treats every topic as changed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { listenOnPostgres, type Database, type DatabaseHandle } from '../db/client.ts';
import { sendChangeNotice } from './change-notices.repository.ts';

export const CHANGES_CHANNEL = 'shop_changes';

/**
 * What a notice is about: `catalogue` (what a listing shows, but prices, stock, new products and products edited in
 * place), `products` (a price or stock status edited, a product added, or renamed or otherwise edited in place: the
 * notice is `products:<id>`, decisions 0080, 0138 and 0149), a business's
 * `trade-bands`, `pricing` (bands and VAT rates), `jobs` (a retry asked for), `content` (a content page or global item
 * published, scheduled or changed), `search-synonyms` (staff changed search's synonym groups, decision 0109).
 */
export type ChangeTopic = 'catalogue' | 'products' | 'trade-bands' | 'pricing' | 'jobs' | 'content' | 'search-synonyms';
const TOPICS: readonly ChangeTopic[] = ['catalogue', 'products', 'trade-bands', 'pricing', 'jobs', 'content', 'search-synonyms'];

/**
 * Takes a notice of one topic. `detail` is what follows the topic in the notice (`products:42`
 * gives `42`), null when the notice names none or when the listening connection came back (anything
 * of the topic may have changed).
 */
export type ChangeListener = (detail: string | null) => void;
export type ChangeListeners = Partial<Record<ChangeTopic, ChangeListener>>;

export interface ChangeNotices {
  /** Calls `heard` on each notice of `topic`, from any instance, this one's included. */
  on(topic: ChangeTopic, heard: ChangeListener): void;
  /** Sends a notice of `topic` to every instance, when `db`'s transaction commits (at once outside one). */
  publish(db: Database, topic: ChangeTopic): Promise<void>;
  /** How many notices this instance has heard, by topic (health, tests). */
  heard(): Readonly<Record<ChangeTopic, number>>;
  close(): Promise<void>;
}

/** Listens on `database`; `log` is the app's logger once it has one. */
export async function startChangeNotices(database: Pick<DatabaseHandle, 'listen'>, log: () => FastifyBaseLogger | null): Promise<ChangeNotices> {
  const listeners = new Map<ChangeTopic, ChangeListener[]>(TOPICS.map((topic) => [topic, []]));
  const counts = Object.fromEntries(TOPICS.map((topic) => [topic, 0])) as Record<ChangeTopic, number>;
  const tell = (topic: ChangeTopic, detail: string | null) => {
    counts[topic] += 1;
    for (const heard of listeners.get(topic)!) {
      try {
        heard(detail);
      } catch (error) {
        log()?.error({ err: error, topic }, 'a change notice could not be taken');
      }
    }
  };
  const stop = await database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const colon = payload.indexOf(':');
      const topic = (colon === -1 ? payload : payload.slice(0, colon)) as ChangeTopic;
      if (listeners.has(topic)) tell(topic, colon === -1 ? null : payload.slice(colon + 1));
    },
    () => {
      log()?.warn('the connection hearing change notices was lost and is back: everything kept is read again');
      for (const topic of TOPICS) tell(topic, null);
    },
  );
  return {
    on: (topic, heard) => void listeners.get(topic)!.push(heard),
    publish: (db, topic) => sendChangeNotice(db, CHANGES_CHANNEL, topic),
    heard: () => ({ ...counts }),
    close: stop,
  };
}

/**
 * The notices alone, for an instance that keeps pages but holds no database of its own (SERVE=web
 * with DATABASE_URL set): one listening connection, no pool. A server it cannot reach at the start,
 * or loses, is listened to again once it is back, and everything is taken for changed then.
 */
export function listenForChangeNotices(url: string, log: () => FastifyBaseLogger | null): Promise<ChangeNotices> {
  return startChangeNotices({ listen: listenOnPostgres(url, { waitForServer: true }) }, log);
}

/** For an app built without a database to hear from (routes-only builds, a binder test): it hears nothing and sends nothing. */
export function noChangeNotices(): ChangeNotices {
  return {
    on: () => {},
    publish: async () => {},
    heard: () => Object.fromEntries(TOPICS.map((topic) => [topic, 0])) as Record<ChangeTopic, number>,
    close: async () => {},
  };
}
