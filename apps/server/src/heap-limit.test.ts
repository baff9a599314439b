import { describe, expect, it } from 'vitest';
import { ConfigError } from '@shop/api';
import { DEFAULT_HEAP_LIMIT_MB, heapLimitFlag } from './heap-limit.ts';

describe('the heap limit the shop starts with (HEAP_LIMIT_MB)', () => {
  it('is 1,024 MB unless set', () => {
    expect(DEFAULT_HEAP_LIMIT_MB).toBe(1024);
    expect(heapLimitFlag({}, [])).toBe('--max-old-space-size=1024');
    expect(heapLimitFlag({ HEAP_LIMIT_MB: '' }, [])).toBe('--max-old-space-size=1024');
  });

  it('takes a number of megabytes, or auto for Node’s own sizing', () => {
    expect(heapLimitFlag({ HEAP_LIMIT_MB: '2048' }, [])).toBe('--max-old-space-size=2048');
    expect(heapLimitFlag({ HEAP_LIMIT_MB: 'auto' }, [])).toBeNull();
  });

  it('leaves a limit given on the command line or in NODE_OPTIONS as it is', () => {
    expect(heapLimitFlag({}, ['--max-old-space-size=512'])).toBeNull();
    expect(heapLimitFlag({ NODE_OPTIONS: '--enable-source-maps --max-old-space-size=512' }, [])).toBeNull();
    expect(heapLimitFlag({ NODE_OPTIONS: '--max_old_space_size=512' }, [])).toBeNull();
  });

  it('stops start-up with a message naming the setting when it is wrong', () => {
    for (const [value, message] of [
      ['lots', 'HEAP_LIMIT_MB: must be a number of megabytes, such as 1024, or auto'],
      ['1.5', 'HEAP_LIMIT_MB: must be a whole number of megabytes'],
      ['128', 'HEAP_LIMIT_MB: must be at least 256 megabytes'],
    ] as const) {
      expect(() => heapLimitFlag({ HEAP_LIMIT_MB: value }, [])).toThrow(ConfigError);
      expect(() => heapLimitFlag({ HEAP_LIMIT_MB: value }, [])).toThrow(message);
    }
  });
});
