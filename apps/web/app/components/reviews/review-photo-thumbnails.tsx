import type { ReviewPhoto } from '@shop/contracts';
import { cn } from '../../lib/cn.ts';

/** "Photo from Ann’s review", numbered when there are several. */
const altOf = (displayName: string, index: number, total: number) =>
  total === 1 ? `Photo from ${displayName}’s review` : `Photo ${index + 1} of ${total} from ${displayName}’s review`;

/**
 * A review's photos under its text: small fixed-size thumbnails (no layout shift), loaded only as
 * they come near the screen, each a link to the full image.
 */
export function ReviewPhotoThumbnails({ photos, displayName }: { photos: readonly ReviewPhoto[]; displayName: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((photo, index) => (
        <li key={photo.photoId}>
          <a
            href={photo.url}
            className={cn(
              'block overflow-hidden rounded-lg ring-1 ring-navy-100 hover:ring-navy-300',
              'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brass-400',
            )}
          >
            <img
              src={photo.url}
              alt={altOf(displayName, index, photos.length)}
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="size-20 bg-sand-100 object-cover sm:size-24"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
