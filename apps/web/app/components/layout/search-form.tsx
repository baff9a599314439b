import type { KeyboardEvent } from 'react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Form, useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useCategories } from '../../lib/use-categories.ts';
import { optionId, SuggestionList } from '../search/suggestion-list.tsx';
import { buildSuggestions, categoryTargets, moveActiveIndex, suggestionsAnnouncement, type Suggestion, type Suggestions } from '../search/suggestions.ts';
import { useAutocomplete } from '../search/use-autocomplete.ts';
import { SearchIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';

export interface SearchFormProps {
  /** The current query, so the box keeps what was searched for. */
  defaultQuery?: string;
  /** Distinguishes several search boxes on one page (their ids and landmark names). */
  id: string;
  label?: string;
  className?: string;
}

const noSubscription = () => () => {};
/** False on the server and while hydrating, true once the page's scripts run. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * A plain GET form to /search: it works before JavaScript loads and without it. Once the page is
 * interactive the text box becomes a WAI-ARIA 1.2 combobox with a listbox of suggestions
 * (products, categories, brands) that opens as an overlay below it.
 */
export function SearchForm({ defaultQuery, id, label = 'Search products and categories', className }: SearchFormProps) {
  const inputId = `${id}-q`;
  const listboxId = `${id}-suggestions`;
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const targets = useCategoryTargets();

  const [text, setText] = useState(defaultQuery ?? '');
  const [open, setOpen] = useState(false);
  // The active option belongs to one list of suggestions: new text or a new answer resets it.
  const [active, setActive] = useState<{ of: Suggestions; index: number }>();
  // A new search (the results page's query) replaces what was typed; the input remounts by key.
  const [shownQuery, setShownQuery] = useState(defaultQuery);
  if (shownQuery !== defaultQuery) {
    setShownQuery(defaultQuery);
    setText(defaultQuery ?? '');
    setOpen(false);
  }

  const autocomplete = useAutocomplete(text);
  const enhanced = useHydrated() && autocomplete.enabled;
  const shown = autocomplete.status === 'ready' ? autocomplete.answer : autocomplete.status === 'loading' ? autocomplete.stale?.answer : undefined;
  const suggestions = useMemo(() => buildSuggestions(shown, text, targets), [shown, text, targets]);
  const visible = enhanced && open && (shown !== undefined || autocomplete.status === 'error');
  const activeIndex = visible && active?.of === suggestions ? active.index : -1;
  const activeId = activeIndex >= 0 ? optionId(listboxId, activeIndex) : undefined;

  const settledMessage =
    autocomplete.status === 'error'
      ? 'Suggestions are not available just now'
      : autocomplete.status === 'ready'
        ? suggestionsAnnouncement(suggestions.count)
        : '';
  const announcement = visible ? settledMessage : '';
  const emptyMessage =
    autocomplete.status === 'error'
      ? 'Suggestions are not available just now.'
      : autocomplete.status === 'ready' && suggestions.count === 0
        ? `No suggestions for “${text.trim()}”.`
        : undefined;

  // Pages paint before their scripts run (docs/decisions/0014): what was typed by then is in the box
  // but not in `text`. Take it over once hydrated, and if the shopper is still in the box, suggest for it.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === input.defaultValue) return;
    setText(input.value);
    if (document.activeElement === input) setOpen(true);
  }, []);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(undefined);
  };
  // A chosen suggestion leads away: the popup closes and, on a phone, the keyboard goes.
  const chosen = () => {
    close();
    inputRef.current?.blur();
  };
  const choose = (option: Suggestion) => {
    chosen();
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!enhanced || event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (autocomplete.status === 'idle') return;
        event.preventDefault();
        setOpen(true);
        const from = visible ? activeIndex : -1;
        setActive({ of: suggestions, index: moveActiveIndex(from, event.key === 'ArrowDown' ? 1 : -1, suggestions.options.length) });
        return;
      }
      case 'Enter': {
        const option = suggestions.options[activeIndex];
        if (option) {
          event.preventDefault();
          choose(option);
        } else {
          // No active option: the form submits, as it does without JavaScript.
          close();
        }
        return;
      }
      case 'Escape': {
        // Chromium clears a search box on Escape by itself: the first press only closes the popup.
        if (visible) {
          event.preventDefault();
          close();
        } else if (event.currentTarget.value) {
          event.preventDefault();
          event.currentTarget.value = '';
          setText('');
        }
        return;
      }
    }
  };

  return (
    <Form method="get" action="/search" role="search" aria-label={label} onSubmit={close} className={cn('flex w-full md:relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <input
          ref={inputRef}
          id={inputId}
          key={defaultQuery}
          name="q"
          type="search"
          defaultValue={defaultQuery}
          placeholder="Search toilets, taps, radiators…"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          {...(enhanced && {
            role: 'combobox',
            'aria-expanded': visible,
            'aria-controls': listboxId,
            'aria-autocomplete': 'list' as const,
            'aria-activedescendant': activeId,
          })}
          className="search-input"
        />
        {enhanced && open && autocomplete.status === 'loading' && (
          <Spinner className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-teal-600" />
        )}
      </div>
      <button type="submit" className="search-button">
        <SearchIcon className="size-5" />
        <span className="sr-only">Search</span>
      </button>
      {enhanced && (
        <>
          {/*
            An overlay, so opening it moves nothing. From 768px it hangs below the form; on phones the
            form is not positioned, so the popup spans the page's width and sits, by its top margin,
            below the text box and the header's bottom padding.
          */}
          <div
            role="presentation"
            hidden={!visible}
            // A press anywhere in the popup (a group label, the scrollbar) keeps focus in the text box.
            onMouseDown={(event) => event.preventDefault()}
            className={
              'absolute inset-x-0 z-40 mt-14 max-h-[min(70dvh,40rem)] overflow-y-auto overscroll-contain border-y ' +
              'border-navy-200 bg-white text-navy-950 shadow-xl md:top-full md:mt-2 md:rounded-xl md:border'
            }
          >
            {emptyMessage && <p className="px-4 pt-3 text-sm text-navy-700">{emptyMessage}</p>}
            <SuggestionList
              id={listboxId}
              label="Search suggestions"
              suggestions={suggestions}
              query={text}
              activeIndex={activeIndex}
              onHover={(index) => setActive({ of: suggestions, index })}
              onChoose={chosen}
            />
          </div>
          <div role="status" aria-live="polite" className="sr-only">
            {announcement}
          </div>
        </>
      )}
    </Form>
  );
}

function useCategoryTargets() {
  const categories = useCategories();
  return useMemo(() => categoryTargets(categories), [categories]);
}
