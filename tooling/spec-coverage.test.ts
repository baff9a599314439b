import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callKey, findSpecCalls, specCoverage } from './spec-coverage.ts';

describe('spec coverage', () => {
  it('normalises case, query strings, trailing slashes and parameter names', () => {
    expect(callKey('basket', 'put', '/basket?retrievalCode={code}')).toBe(callKey('basket', 'PUT', '/Basket'));
    expect(callKey('reviews', 'GET', '/Listings/QnAs/')).toBe(callKey('reviews', 'GET', '/listings/qnas'));
    expect(callKey('basket', 'GET', '/basket/{basketId}')).toBe(callKey('basket', 'GET', '/basket/{id}'));
    expect(callKey('basket', 'GET', '/basket/{id}')).not.toBe(callKey('wishlist', 'GET', '/basket/{id}'));
    // The segment the spec leaves to the shop is compared as the shop named it.
    expect(callKey('accounts', 'GET', '/api/{creditProvider}/DelegationToken')).toBe(callKey('accounts', 'GET', '/api/two/DelegationToken'));
  });

  it('finds the specification in SPEC_DIR, else in shared/spec beside the clone, and says where it looked', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'clone-'));
    const clone = path.join(parent, 'main');
    expect(findSpecCalls({}, clone)).toEqual({ file: path.join(parent, 'shared', 'spec', 'calls.tsv'), found: false });
    fs.mkdirSync(path.join(parent, 'shared', 'spec'), { recursive: true });
    fs.writeFileSync(path.join(parent, 'shared', 'spec', 'calls.tsv'), 'service\tmethod\tpath\tnote\n');
    expect(findSpecCalls({}, clone).found).toBe(true);
    expect(findSpecCalls({ SPEC_DIR: path.join(parent, 'elsewhere') }, clone)).toEqual({
      file: path.join(parent, 'elsewhere', 'calls.tsv'),
      found: false,
    });
  });

  it('counts only calls the built API answers', { timeout: 30_000 }, async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'calls-')), 'calls.tsv');
    fs.writeFileSync(file, 'service\tmethod\tpath\tnote\ncatalogue\tGET\t/Navigation\t\ncatalogue\tGET\t/Products/NotDeclared\tslug\n');
    const { done, missing } = await specCoverage(file);
    expect(done.map((call) => call.path)).toEqual(['/Navigation']);
    expect(missing.map((call) => call.path)).toEqual(['/Products/NotDeclared']);
  });
});
