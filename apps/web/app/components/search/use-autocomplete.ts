import { useEffect, useState } from 'react';
import { useApiClients } from '../../lib/use-api.ts';
import { LruCache } from '@shop/contracts/lru-cache';
import { MIN_QUERY_LENGTH, normaliseQuery, type Autocomplete } from './suggestions.ts';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

// Shared by every search box on the page and kept across navigations.
const recent = new LruCache<string, Autocomplete>({ maxEntries: 20 });

export type AutocompleteState =
  /** Too little typed, or no API in this render (server, or the shop's settings are missing). */
  | { status: 'idle' }
  /** Waiting: `stale` is the previous answer, kept on screen so the list does not flicker. */
  | { status: 'loading'; stale?: { query: string; answer: Autocomplete } }
  | { status: 'ready'; query: string; answer: Autocomplete }
  | { status: 'error'; query: string };

type Settled = { query: string; answer: Autocomplete } | { query: string; failed: true };

/**
 * The catalogue's suggestions for what is typed: debounced, each request aborted when the text
 * changes (so a slow answer to old text never replaces a newer one), recent answers from memory.
 */
export function useAutocomplete(text: string): AutocompleteState & { enabled: boolean } {
  const catalogue = useApiClients()?.catalogue;
  const query = normaliseQuery(text);
  const wanted = catalogue && query.length >= MIN_QUERY_LENGTH ? query : undefined;
  const [settled, setSettled] = useState<Settled>();
  const cached = wanted === undefined ? undefined : recent.get(wanted);

  useEffect(() => {
    if (!catalogue || wanted === undefined || cached) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      catalogue.autocomplete({ query: { query: wanted } }, { signal: controller.signal }).then(
        (answer) => {
          recent.set(wanted, answer);
          if (!controller.signal.aborted) setSettled({ query: wanted, answer });
        },
        () => !controller.signal.aborted && setSettled({ query: wanted, failed: true }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      // A failure is not remembered: the next time this text is wanted, it is asked for again.
      setSettled((last) => (last && 'failed' in last ? undefined : last));
    };
  }, [catalogue, wanted, cached]);

  const enabled = catalogue !== undefined;
  if (wanted === undefined) return { status: 'idle', enabled };
  if (cached) return { status: 'ready', query: wanted, answer: cached, enabled };
  if (settled?.query === wanted) {
    return 'failed' in settled ? { status: 'error', query: wanted, enabled } : { status: 'ready', query: wanted, answer: settled.answer, enabled };
  }
  return { status: 'loading', stale: settled && 'answer' in settled ? settled : undefined, enabled };
}
