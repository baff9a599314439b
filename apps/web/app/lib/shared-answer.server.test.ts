import { describe, expect, it } from 'vitest';
import { sharedAnswer, sharedAnswers } from './shared-answer.server.ts';

const page = () => new Request('http://shop.test/');

/** A load that answers from `answers` in turn (an Error rejects), counting its calls. */
function loads(answers: (string | null | Error)[]) {
  const made: Request[] = [];
  const load = async (request: Request) => {
    made.push(request);
    const answer = answers[made.length - 1];
    if (answer instanceof Error) throw answer;
    return answer ?? null;
  };
  return { made, load };
}

describe('an answer every page shares', () => {
  it('is asked for once while kept, by the request that found none, and again once its time is up', async () => {
    let now = 0;
    const { made, load } = loads(['tree 1', 'tree 2']);
    const shared = sharedAnswer(10_000, load, () => now);
    const first = page();
    expect(await shared(first, {})).toBe('tree 1');
    now = 9_999;
    expect(await shared(page(), {})).toBe('tree 1');
    expect(made).toEqual([first]);
    now = 10_000;
    expect(await shared(page(), {})).toBe('tree 2');
    expect(made).toHaveLength(2);
  });

  it('keeps no failure: a rejection or null is that request’s, and the next page asks again', async () => {
    const { made, load } = loads([new Error('429'), null, 'details']);
    const shared = sharedAnswer(10_000, load, () => 0);
    await expect(shared(page(), {})).rejects.toThrow('429');
    expect(await shared(page(), {})).toBeNull();
    expect(await shared(page(), {})).toBe('details');
    expect(await shared(page(), {})).toBe('details');
    expect(made).toHaveLength(3);
  });

  it('is asked for once by the loaders of one request, even when it fails', async () => {
    const { made, load } = loads([new Error('down'), 'tree']);
    const shared = sharedAnswer(10_000, load, () => 0);
    const context = {};
    const [root, child] = await Promise.allSettled([shared(page(), context), shared(page(), context)]);
    expect([root.status, child.status]).toEqual(['rejected', 'rejected']);
    expect(made).toHaveLength(1);
  });
});

describe('answers every page shares by key', () => {
  it('keeps each key’s answer apart, asks once per key while kept, and drops the oldest key past the most it keeps', async () => {
    const asked: string[] = [];
    const shared = sharedAnswers(
      10_000,
      async (_request, key) => {
        asked.push(key);
        return `carousels of ${key} (${asked.length})`;
      },
      { maxKeys: 2, clock: () => 0 },
    );
    expect(await shared(page(), {}, 'basins')).toBe('carousels of basins (1)');
    expect(await shared(page(), {}, 'taps')).toBe('carousels of taps (2)');
    expect(await shared(page(), {}, 'basins')).toBe('carousels of basins (1)');
    expect(asked).toEqual(['basins', 'taps']);
    // A third key pushes out the first.
    expect(await shared(page(), {}, 'radiators')).toBe('carousels of radiators (3)');
    expect(await shared(page(), {}, 'taps')).toBe('carousels of taps (2)');
    expect(await shared(page(), {}, 'basins')).toBe('carousels of basins (4)');
  });
});
