import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueClient, createSearchSynonymsClient, type SearchSynonymsClient } from '@shop/api-client';
import { MAX_SYNONYM_GROUPS } from '@shop/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

/**
 * Staff's search synonym groups through real HTTP on a real database (PGlite, and PostgreSQL in the
 * api-postgres project): each call, each refusal (a 4xx that changes nothing), the change list, and
 * a search on either engine finding the other word's products as soon as the change is made.
 */
let memory: TestApi;
let postgres: TestApi;
const actors: Record<string, Actor> = {
  cara: { userId: 'user-cara', name: 'Cara Catalogue', roles: ['catalogue-manager'] },
  ada: { userId: 'user-ada', name: 'Ada Admin', roles: ['admin'] },
  sam: { userId: 'user-sam', name: 'Sam Shopper', roles: ['shopper'] },
  ann: { userId: 'user-ann', name: 'Ann Analyst', roles: ['analyst'] },
};
const authenticate = async (authorization: string) => actors[authorization.replace(/^Bearer /, '')] ?? null;
const staff = (api: TestApi, who?: string): SearchSynonymsClient =>
  createSearchSynonymsClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => who });
const shop = (api: TestApi) => createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
const found = async (api: TestApi, query: string) => (await shop(api).search({ body: { query, size: 48 } })).products.map((card) => card.sku);
const suggested = async (api: TestApi, query: string) => (await shop(api).autocomplete({ query: { query } })).products.map((product) => product.sku);

beforeAll(async () => {
  [memory, postgres] = await Promise.all([
    startTestApi({ authenticate, env: { SEARCH_ENGINE: 'memory' } }),
    startTestApi({ authenticate, env: { SEARCH_ENGINE: 'postgres' } }),
  ]);
}, 240_000);
afterAll(() => Promise.all([memory?.close(), postgres?.close()]));

/** Every group on one page (there are fewer than a hundred here). */
const allGroups = async (api: TestApi = memory) => (await staff(api, 'cara').listSynonymGroups({ query: { pageSize: 100 } })).groups;
const groupHolding = async (word: string, api: TestApi = memory) => (await allGroups(api)).find((group) => group.words.includes(word));

describe('search synonym groups', () => {
  it('start as the trade words search always knew, and a search for one finds the others', async () => {
    const page = await staff(memory, 'cara').listSynonymGroups({ query: {} });
    expect(page.groups.map((group) => group.words)).toContainEqual(['toilet', 'loo', 'wc', 'pan']);
    expect(page.groups.map((group) => group.words)).toContainEqual(['radiator', 'rad', 'rads']);
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 25, maxGroups: MAX_SYNONYM_GROUPS, maxWords: 20 });
    for (const api of [memory, postgres]) expect((await found(api, 'loo')).length).toBeGreaterThan(0);
  });

  it('are for catalogue managers and administrators: anyone else is refused, and a visitor is asked to sign in', async () => {
    for (const who of ['sam', 'ann']) {
      expect((await failure(staff(memory, who).listSynonymGroups({ query: {} }))).status).toBe(403);
      expect((await failure(staff(memory, who).createSynonymGroup({ body: { words: ['aa', 'bb'] } }))).status).toBe(403);
    }
    expect((await failure(staff(memory).listSynonymGroups({ query: {} }))).status).toBe(401);
    expect((await staff(memory, 'ada').listSynonymGroups({ query: {} })).total).toBeGreaterThanOrEqual(7);
    expect(await groupHolding('aa')).toBeUndefined();
  });

  it('widen a search on either engine as soon as a group is made, changed or deleted', async () => {
    for (const api of [memory, postgres]) {
      const mirrors = await found(api, 'mirror');
      expect(mirrors.length).toBeGreaterThan(0);
      expect(await found(api, 'cheval')).toEqual([]);
      expect(await suggested(api, 'cheval')).toEqual([]);
      const created = await staff(api, 'cara').createSynonymGroup({ body: { words: ['  Cheval ', 'MIRROR'] } });
      expect(created).toMatchObject({ words: ['cheval', 'mirror'], version: 1 });
      expect(await found(api, 'cheval')).toEqual(mirrors);
      expect((await suggested(api, 'cheval')).length).toBeGreaterThan(0);
      // Changed: the word taken out no longer finds them.
      const changed = await staff(api, 'ada').changeSynonymGroup({ params: { id: created.id }, body: { version: 1, words: ['mirror', 'psyche'] } });
      expect(changed).toMatchObject({ words: ['mirror', 'psyche'], version: 2 });
      expect(await found(api, 'cheval')).toEqual([]);
      expect(await found(api, 'psyche')).toEqual(mirrors);
      await staff(api, 'cara').deleteSynonymGroup({ params: { id: created.id }, query: { version: 2 } });
      expect(await found(api, 'psyche')).toEqual([]);
    }
  });

  it('of more than one word find each other’s products both ways, in search and suggestions, on either engine', async () => {
    for (const api of [memory, postgres]) {
      const closeCoupled = await found(api, 'close coupled toilet');
      const mirrors = await found(api, 'bathroom mirror');
      expect(closeCoupled.length).toBeGreaterThan(0);
      expect(mirrors.length).toBeGreaterThan(0);
      expect(await found(api, 'water closet')).toEqual([]);
      expect(await found(api, 'cheval')).toEqual([]);
      const phrases = await staff(api, 'cara').createSynonymGroup({ body: { words: ['Water Closet', 'close-coupled toilet'] } });
      const oneForTwo = await staff(api, 'cara').createSynonymGroup({ body: { words: ['cheval', 'bathroom mirror'] } });
      // A phrase for a phrase, either way round, a plural too; and one word for a phrase, either way round.
      expect(await found(api, 'water closet')).toEqual(closeCoupled);
      expect(await found(api, 'Water closets')).toEqual(closeCoupled);
      expect(await found(api, 'close coupled toilet')).toEqual(closeCoupled);
      expect(await found(api, 'cheval')).toEqual(mirrors);
      expect(await found(api, 'bathroom mirror')).toEqual(mirrors);
      const suggestions = await suggested(api, 'close coupled toilet');
      expect(suggestions.length).toBeGreaterThan(0);
      expect(await suggested(api, 'water closet')).toEqual(suggestions);
      expect((await suggested(api, 'cheval')).length).toBeGreaterThan(0);
      await staff(api, 'cara').deleteSynonymGroup({ params: { id: phrases.id }, query: { version: 1 } });
      await staff(api, 'cara').deleteSynonymGroup({ params: { id: oneForTwo.id }, query: { version: 1 } });
      expect(await found(api, 'water closet')).toEqual([]);
      expect(await suggested(api, 'water closet')).toEqual([]);
    }
  });

  it('keep who made each change and when, newest first', async () => {
    const created = await staff(memory, 'cara').createSynonymGroup({ body: { words: ['cloakroom', 'downstairs loo'] } });
    await staff(memory, 'ada').deleteSynonymGroup({ params: { id: created.id }, query: { version: 1 } });
    const { recentChanges } = await staff(memory, 'cara').listSynonymGroups({ query: {} });
    expect(recentChanges.slice(0, 2)).toMatchObject([
      { groupId: created.id, action: 'deleted', words: ['cloakroom', 'downstairs loo'], by: 'Ada Admin' },
      { groupId: created.id, action: 'created', words: ['cloakroom', 'downstairs loo'], by: 'Cara Catalogue' },
    ]);
  });

  it('refuse words that cannot be used, each in plain words beside the field, changing nothing', async () => {
    const cases: [words: string[], code: string, message: RegExp][] = [
      [['ok', 'x'], 'SYNONYM_WORD_INVALID', /“x” cannot be a synonym: use 2 to 40 letters, digits, spaces or hyphens/],
      [['ok', 'pipe!'], 'SYNONYM_WORD_INVALID', /“pipe!” cannot be a synonym/],
      [['ok', 'a'.repeat(41)], 'SYNONYM_WORD_TOO_LONG', /is too long: each word or phrase must be 40 characters or fewer/],
      [['trap', 'Trap '], 'SYNONYM_WORD_REPEATED', /“trap” is in the list twice/],
      [['close coupled', 'Close-Coupled'], 'SYNONYM_WORD_REPEATED', /“close-coupled” is the same to search as “close coupled”, so it cannot be its synonym/],
      [['', '  '], 'SYNONYM_WORDS_MISSING', /^Enter the words that mean the same to a shopper, separated by commas$/],
      [['wc', 'a big white water closet'], 'SYNONYM_PHRASE_TOO_LONG', /has too many words: a phrase must be 4 words or fewer/],
      [['trap', ' '], 'SYNONYM_GROUP_TOO_SMALL', /Enter at least 2 words/],
      [Array.from({ length: 21 }, (_, index) => `word ${index}`), 'SYNONYM_GROUP_TOO_LARGE', /Enter at most 20 words/],
    ];
    const before = await allGroups();
    for (const [words, code, message] of cases) {
      const refused = await failure(staff(memory, 'cara').createSynonymGroup({ body: { words } }));
      expect({ code: refused.code, status: refused.status }).toEqual({ code, status: 400 });
      expect(refused.message).toMatch(message);
      expect((refused.data as { errors: { path: string }[] }).errors[0]!.path).toBe('body.words');
    }
    expect(await allGroups()).toEqual(before);
  });

  it('refuse a word already in another group, naming that group; a group may keep its own words', async () => {
    const toilets = (await groupHolding('loo'))!;
    const refused = await failure(staff(memory, 'cara').createSynonymGroup({ body: { words: ['commode', 'loo'] } }));
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 409, code: 'SYNONYM_WORD_TAKEN' });
    expect(refused.message).toBe(
      '“loo” is already in the group “toilet”, “loo”, “wc”, “pan”: a word can be in one group only, so change that group or leave “loo” out',
    );
    expect(await groupHolding('commode')).toBeUndefined();
    const basins = (await groupHolding('sink'))!;
    const taken = await failure(
      staff(memory, 'cara').changeSynonymGroup({ params: { id: basins.id }, body: { version: basins.version, words: ['sink', 'wc'] } }),
    );
    expect(taken.code).toBe('SYNONYM_WORD_TAKEN');
    expect(await groupHolding('sink')).toEqual(basins);
    // Its own words, reordered and one added, are its to keep.
    const kept = await staff(memory, 'cara').changeSynonymGroup({
      params: { id: toilets.id },
      body: { version: toilets.version, words: ['loo', 'toilet', 'wc', 'pan', 'commode'] },
    });
    expect(kept).toMatchObject({ words: ['loo', 'toilet', 'wc', 'pan', 'commode'], version: toilets.version + 1 });
    expect(await found(memory, 'commode')).toEqual(await found(memory, 'toilet'));
  });

  it('refuse a change or deletion made from an old version (409) or of a group that is gone (404)', async () => {
    const created = await staff(memory, 'cara').createSynonymGroup({ body: { words: ['trough', 'urinal'] } });
    await staff(memory, 'ada').changeSynonymGroup({ params: { id: created.id }, body: { version: 1, words: ['trough', 'urinal', 'stall'] } });
    const stale = await failure(staff(memory, 'cara').changeSynonymGroup({ params: { id: created.id }, body: { version: 1, words: ['trough', 'bowl'] } }));
    expect({ status: stale.status, code: stale.code }).toEqual({ status: 409, code: 'SYNONYM_GROUP_CHANGED' });
    expect(stale.message).toMatch(/Someone changed this synonym group since you opened it/);
    const staleDelete = await failure(staff(memory, 'cara').deleteSynonymGroup({ params: { id: created.id }, query: { version: 1 } }));
    expect(staleDelete.code).toBe('SYNONYM_GROUP_CHANGED');
    expect(await groupHolding('trough')).toMatchObject({ words: ['trough', 'urinal', 'stall'], version: 2 });
    await staff(memory, 'cara').deleteSynonymGroup({ params: { id: created.id }, query: { version: 2 } });
    // Each call is made only when awaited: a second call started early would reject unobserved.
    for (const gone of [
      () => staff(memory, 'cara').deleteSynonymGroup({ params: { id: created.id }, query: { version: 2 } }),
      () => staff(memory, 'cara').changeSynonymGroup({ params: { id: created.id }, body: { version: 2, words: ['trough', 'urinal'] } }),
    ]) {
      const refused = await failure(gone());
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 404, code: 'SYNONYM_GROUP_NOT_FOUND' });
    }
    expect(await groupHolding('trough')).toBeUndefined();
  });

  it(`refuse a group past the ${MAX_SYNONYM_GROUPS} the shop keeps`, async () => {
    const { total } = await staff(postgres, 'cara').listSynonymGroups({ query: {} });
    // Filled to the limit directly: five hundred calls would only be slower.
    await postgres.database.db.execute(sql`insert into search_synonym_groups (updated_at) select now() from generate_series(1, ${MAX_SYNONYM_GROUPS - total})`);
    const refused = await failure(staff(postgres, 'cara').createSynonymGroup({ body: { words: ['bidet', 'douche'] } }));
    expect({ status: refused.status, code: refused.code }).toEqual({ status: 409, code: 'SYNONYM_GROUPS_FULL' });
    expect(refused.message).toBe('The shop already has 500 synonym groups, the most it keeps: delete a group you no longer need first');
    const page = await staff(postgres, 'cara').listSynonymGroups({ query: { pageNumber: 20, pageSize: 25 } });
    expect({ total: page.total, shown: page.groups.length }).toEqual({ total: MAX_SYNONYM_GROUPS, shown: 25 });
  });
});
