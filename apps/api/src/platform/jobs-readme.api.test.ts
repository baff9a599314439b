import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.ts';
import { idempotencyKeysPruning } from './idempotency.ts';

const README = new URL('../../../../README.md', import.meta.url);

/** The names README's `JOBS` row lists, in backticks after "from". */
function readmeJobNames(): string[] {
  const row = fs
    .readFileSync(README, 'utf8')
    .split('\n')
    .find((line) => line.startsWith('| `JOBS` |'));
  if (!row) throw new Error('README has no JOBS row');
  const list = row.slice(row.indexOf('names separated by commas from'), row.lastIndexOf('|'));
  return [...list.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!);
}

// An operator chooses an instance's jobs from README's list: a job the list forgets cannot be chosen knowingly.
describe("README's JOBS setting", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(() => api.close());

  it('lists every job the shop runs, and no other', () => {
    const composed = [idempotencyKeysPruning, ...api.app.composed.modules.flatMap((module) => module.jobs?.(api.app) ?? [])].map((job) => job.name);
    expect(readmeJobNames().toSorted()).toEqual(composed.toSorted());
  });
});
