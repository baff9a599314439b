import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';

export interface GalleryImage {
  url: string;
  altText: string;
}

/**
 * The main image and, when there are more, a row of thumbnails that switch it. The frame is
 * square whatever the image, so nothing moves while images load; arrow keys move along the row.
 */
export function ProductGallery({ images, className }: { images: GalleryImage[]; className?: string }) {
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[Math.min(index, images.length - 1)];
  // A thumbnail pressed before the scripts ran is shown once they have (the last one pressed).
  const galleryId = useId();
  const pressKey = (position: number) => `${galleryId}-image-${position}`;
  useEarlyPresses(
    images.map((_, position) => ({
      // The thumbnail's button, read once it is drawn.
      ref: {
        get current() {
          return thumbs.current[position] ?? null;
        },
      },
      key: pressKey(position),
      press: () => setIndex(position),
    })),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? images.length - 1 : undefined;
    if (step === undefined && jump === undefined) return;
    event.preventDefault();
    const next = jump ?? (index + (step ?? 0) + images.length) % images.length;
    setIndex(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div className={cn('space-y-3', className)}>
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-gradient-to-br from-sand-50 to-sand-100 ring-1 ring-navy-100">
        {current && <img src={current.url} alt={current.altText} width={800} height={800} className="size-full object-cover" fetchPriority="high" />}
      </div>
      {images.length > 1 && (
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <ul className="flex gap-2 overflow-x-auto p-1" aria-label="Product images" onKeyDown={onKeyDown}>
          {images.map((image, position) => (
            <li key={`${image.url}-${position}`}>
              <button
                ref={(element) => {
                  thumbs.current[position] = element;
                }}
                type="button"
                data-early-press={pressKey(position)}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
                className={cn('thumb', position === index && 'thumb-current')}
              >
                <img src={image.url} alt="" width={80} height={80} loading="lazy" />
                <span className="sr-only">{`Show image ${position + 1} of ${images.length}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
