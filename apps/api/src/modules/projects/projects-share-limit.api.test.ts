import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectsClient, type ProjectsClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { SHARE_LIMIT } from './projects.routes.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  sender: { userId: 'user-share-sender', email: 'sender@example.com', name: 'Sam Sender', roles: ['shopper'] },
  other: { userId: 'user-share-other', email: 'other@example.com', name: 'Olly Other', roles: ['shopper'] },
};
const clients: Record<string, ProjectsClient> = {};

beforeAll(async () => {
  api = await startTestApi({ seed: false, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  for (const name of Object.keys(actors)) clients[name] = createProjectsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => name });
});
afterAll(() => api.close());

describe('the share call’s rate limit', () => {
  it('refuses one account’s shares past the limit, wherever they come from, with a 429 problem and no e-mail; another account still shares', async () => {
    const project = await clients.sender!.createProject({ body: { name: 'Flat 4 bathroom refit' } });
    const params = { projectId: project.projectId };
    // Each from an address of its own: the limit is the account's, not the address's.
    const from = (n: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${n + 1}` } });
    for (let n = 0; n < SHARE_LIMIT.max; n += 1) {
      await clients.sender!.shareProject({ params, body: { emailAddress: `friend-${n}@example.com`, role: 'view' } }, from(n));
    }
    const refused = await failure(
      clients.sender!.shareProject({ params, body: { emailAddress: 'one-too-many@example.com', role: 'view' } }, from(SHARE_LIMIT.max)),
    );
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/) });

    const raw = await api.app.inject({
      method: 'POST',
      url: `/api/projects/share/${project.projectId}`,
      headers: { authorization: 'Bearer sender', 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
      payload: { emailAddress: 'one-more@example.com', role: 'view' },
    });
    expect(raw.statusCode).toBe(429);
    expect(raw.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(raw.headers['retry-after'])).toBeGreaterThan(0);

    expect(await readOutbox(api.database.db, { to: 'one-too-many@example.com' })).toEqual([]);
    expect(await readOutbox(api.database.db, { to: 'one-more@example.com' })).toEqual([]);
    const shares = (await clients.sender!.getProject({ params, query: {} })).shares ?? [];
    expect(shares.map((share) => share.emailAddress)).not.toContain('one-too-many@example.com');
    expect(shares).toHaveLength(SHARE_LIMIT.max);

    const theirs = await clients.other!.createProject({ body: { name: 'Loft shower' } });
    await clients.other!.shareProject({ params: { projectId: theirs.projectId }, body: { emailAddress: 'friend-0@example.com', role: 'edit' } });
  });
});
