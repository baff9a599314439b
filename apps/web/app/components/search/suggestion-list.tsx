import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { ArrowRightIcon, SearchIcon } from '../ui/icons.tsx';
import { highlightParts, type Suggestion, type Suggestions } from './suggestions.ts';

export const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

export interface SuggestionListProps {
  id: string;
  /** Names the listbox. */
  label: string;
  suggestions: Suggestions;
  /** What is typed, emphasised where it appears in the suggestions. */
  query: string;
  /** Index into `suggestions.options`; -1 when none is active. */
  activeIndex: number;
  onHover(index: number): void;
  onChoose(option: Suggestion): void;
}

/**
 * The combobox's popup: a listbox of grouped options (products, categories, brands), then "See all
 * results". Options are links, so they can be opened in a new tab; they stay out of the tab order
 * because focus stays in the text box (aria-activedescendant), and a press on one does not take it.
 */
export function SuggestionList({ id, label, suggestions, query, activeIndex, onHover, onChoose }: SuggestionListProps) {
  let index = 0;
  const option = (suggestion: Suggestion) => {
    const at = index++;
    return (
      <SuggestionOption
        key={suggestion.key}
        id={optionId(id, at)}
        suggestion={suggestion}
        query={query}
        active={at === activeIndex}
        onHover={() => onHover(at)}
        onChoose={onChoose}
      />
    );
  };

  return (
    <div role="listbox" id={id} aria-label={label} className="py-2">
      {suggestions.groups.map((group) => (
        <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`} className="pb-2">
          <div role="presentation" id={`${id}-${group.key}`} className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wider text-navy-600 uppercase">
            {group.label}
          </div>
          {group.suggestions.map(option)}
        </div>
      ))}
      <div role="presentation" className={cn(suggestions.groups.length > 0 && 'mt-1 border-t border-navy-100 pt-2')}>
        {option(suggestions.seeAll)}
      </div>
    </div>
  );
}

function SuggestionOption({
  id,
  suggestion,
  query,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  suggestion: Suggestion;
  query: string;
  active: boolean;
  onHover(): void;
  onChoose(option: Suggestion): void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // New tab or window: the browser opens the link and this page stays as it is.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    onChoose(suggestion);
  };
  return (
    <Link
      id={id}
      to={suggestion.href}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      // Keep focus in the text box, so the popup does not close before the click lands.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={onClick}
      className={cn(
        'mx-2 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-navy-900',
        active && 'bg-navy-50 outline-2 outline-offset-[-2px] outline-teal-600',
      )}
    >
      {suggestion.kind === 'product' && (
        <img
          src={suggestion.imageUrl}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="size-12 shrink-0 rounded-md border border-navy-100 bg-white object-contain"
        />
      )}
      {suggestion.kind === 'search' ? (
        <>
          <SearchIcon className="size-5 shrink-0 text-navy-600" />
          <span className="min-w-0 flex-1 font-semibold text-teal-700">{suggestion.label}</span>
          <ArrowRightIcon className="size-5 shrink-0 text-navy-600" />
        </>
      ) : (
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2">
            <Highlighted text={suggestion.label} query={query} />
            {suggestion.detail && <span className="text-sm text-navy-600"> in {suggestion.detail}</span>}
          </span>
        </span>
      )}
      {suggestion.pricePence !== undefined && <span className="shrink-0 font-bold text-navy-950 tabular-nums">{formatPence(suggestion.pricePence)}</span>}
    </Link>
  );
}

/** The typed words in bold, the rest regular: the eye finds where the suggestion matched. */
function Highlighted({ text, query }: { text: string; query: string }) {
  return highlightParts(text, query).map((part, index) =>
    part.match ? (
      <strong key={index} className="font-bold text-navy-950">
        {part.text}
      </strong>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
