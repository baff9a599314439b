import { z } from 'zod';
import { defineEndpoint, requireRole } from './endpoint.ts';

/** Staff who run the range say which words mean the same, as they edit products (and administrators). */
export const SYNONYM_ROLES = ['catalogue-manager', 'admin'] as const;
const synonymManagers = requireRole(...SYNONYM_ROLES);

/** The most words one group holds, and the most groups the shop keeps (search reads them all into memory). */
export const MAX_SYNONYM_WORDS = 20;
export const MAX_SYNONYM_GROUPS = 500;

const GroupId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const Version = z.coerce.number().int().min(1).max(2_147_483_647).describe('The version the group was read at: a change made since by someone else is a 409');
/** The words as typed: the API lower-cases and trims them, and says in its own words what it cannot take. */
const Words = z
  .array(z.string().max(200))
  .max(100)
  .describe(`Words that mean the same to a shopper: 2 to ${MAX_SYNONYM_WORDS}, each 2 to 40 letters, digits, spaces or hyphens, in no other group`);

export const SynonymGroupSchema = z
  .object({
    id: z.number().int(),
    words: z.array(z.string()),
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SynonymGroup' });
export type SynonymGroup = z.infer<typeof SynonymGroupSchema>;

export const SynonymChangeSchema = z
  .object({
    groupId: z.number().int(),
    action: z.enum(['created', 'changed', 'deleted']),
    words: z.array(z.string()).describe('The group’s words after the change; deleted, before it'),
    by: z.string().nullable().describe('The member of staff who made it; null for the groups the shop started with'),
    at: z.string(),
  })
  .meta({ id: 'SynonymChange' });
export type SynonymChange = z.infer<typeof SynonymChangeSchema>;

export const SynonymGroupPageSchema = z
  .object({
    groups: z.array(SynonymGroupSchema),
    total: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    maxGroups: z.number().int(),
    maxWords: z.number().int(),
    recentChanges: z.array(SynonymChangeSchema).describe('The newest changes first'),
  })
  .meta({ id: 'SynonymGroupPage' });
export type SynonymGroupPage = z.infer<typeof SynonymGroupPageSchema>;

const NOTICE = 'Search uses the groups on every instance of the shop within a second of the change.';

export const searchSynonymEndpoints = {
  listSynonymGroups: defineEndpoint({
    service: 'catalogue',
    method: 'GET',
    path: '/Staff/Search/Synonyms',
    summary: 'The synonym groups search uses, in the order they were made, paged, with the newest changes',
    access: synonymManagers,
    query: z.object({
      pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    responses: { 200: SynonymGroupPageSchema },
  }),
  createSynonymGroup: defineEndpoint({
    service: 'catalogue',
    method: 'POST',
    path: '/Staff/Search/Synonyms',
    summary: 'Adds a group of words that mean the same to a shopper',
    description: NOTICE,
    access: synonymManagers,
    body: z.object({ words: Words }),
    responses: { 201: SynonymGroupSchema },
  }),
  changeSynonymGroup: defineEndpoint({
    service: 'catalogue',
    method: 'PUT',
    path: '/Staff/Search/Synonyms/{id}',
    summary: 'Replaces a group’s words',
    description: NOTICE,
    access: synonymManagers,
    params: GroupId,
    body: z.object({ words: Words, version: Version }),
    responses: { 200: SynonymGroupSchema },
  }),
  deleteSynonymGroup: defineEndpoint({
    service: 'catalogue',
    method: 'DELETE',
    path: '/Staff/Search/Synonyms/{id}',
    summary: 'Deletes a group: its words no longer find each other’s products',
    description: NOTICE,
    access: synonymManagers,
    params: GroupId,
    query: z.object({ version: Version }),
    bodyType: 'none',
    responses: { 200: z.object({ deleted: z.literal(true), id: z.number().int() }).meta({ id: 'SynonymGroupDeleted' }) },
  }),
} as const;
