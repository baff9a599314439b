import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

export interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. "Project checklists". */
  label: string;
  /** Visible heading shown beside the controls. */
  heading?: ReactNode;
  slides: ReactNode[];
  className?: string;
}

/**
 * The WAI-ARIA carousel pattern with no autoplay: a labelled region, slides as labelled groups
 * ("2 of 6"), previous/next buttons, and a polite live region. The track is a scroll-snap list,
 * so touch swiping and no-JavaScript scrolling work too.
 */
export function Carousel({ label, heading, slides, className }: CarouselProps) {
  const trackId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({
      atStart: track.scrollLeft <= 4,
      atEnd: track.scrollLeft + track.clientWidth >= track.scrollWidth - 4,
    });
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges]);

  const scrollByPage = (direction: 1 | -1, animate = true) => {
    const track = trackRef.current;
    if (!track) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * track.clientWidth, behavior: animate && !reduceMotion ? 'smooth' : 'auto' });
  };

  // A press before the scripts ran is carried out at once (several add up), then the edges follow.
  useEarlyPresses([
    { ref: previousRef, key: `${trackId}-previous`, press: () => scrollByPage(-1, false) },
    { ref: nextRef, key: `${trackId}-next`, press: () => scrollByPage(1, false) },
  ]);

  const control = (direction: 1 | -1) => (
    <button
      ref={direction === -1 ? previousRef : nextRef}
      type="button"
      data-early-press={`${trackId}-${direction === -1 ? 'previous' : 'next'}`}
      aria-controls={trackId}
      disabled={direction === -1 ? edges.atStart : edges.atEnd}
      onClick={() => scrollByPage(direction)}
      className="carousel-button"
    >
      {direction === -1 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
      <span className="sr-only">{direction === -1 ? 'Previous slides' : 'Next slides'}</span>
    </button>
  );

  return (
    <section aria-roledescription="carousel" aria-label={label} className={className}>
      <div className="mb-5 flex items-end justify-between gap-4">
        {heading}
        <div className="flex shrink-0 gap-2">
          {control(-1)}
          {control(1)}
        </div>
      </div>
      <div
        id={trackId}
        ref={trackRef}
        // Focusable so the keyboard can scroll it too, whatever the slides hold.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-live="polite"
        onScroll={updateEdges}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:scroll-px-0 sm:px-0"
      >
        {slides.map((slide, index) => (
          <div
            // Slides are static content in a fixed order.
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            className={cn('w-[82%] shrink-0 snap-start sm:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]')}
          >
            {slide}
          </div>
        ))}
      </div>
    </section>
  );
}
