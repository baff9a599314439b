import type { ReviewPhoto } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { useShopAuth } from '../auth/use-shop-auth.ts';

/**
 * A review's photos for its moderator. Before a review is published its photos are shown only with
 * a moderator's token, which an `<img>` cannot send: each is fetched with it and shown from memory.
 * Each keeps its square while it loads, so nothing moves.
 */
export function ReviewPhotos({ photos }: { photos: readonly ReviewPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Photos">
      {photos.map((photo, index) => (
        <li key={photo.photoId}>
          <Photo photo={photo} label={`Photo ${index + 1} of ${photos.length}`} />
        </li>
      ))}
    </ul>
  );
}

function Photo({ photo, label }: { photo: ReviewPhoto; label: string }) {
  const { getAccessToken } = useShopAuth();
  const [state, setState] = useState<{ url: string } | 'loading' | 'failed'>('loading');
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getAccessToken();
    fetch(photo.url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ url: objectUrl });
      })
      .catch(() => !controller.signal.aborted && setState('failed'));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [photo.url, getAccessToken]);
  const box = 'flex size-24 items-center justify-center overflow-hidden rounded-lg border border-navy-100 bg-sand-50 text-center text-xs text-navy-700';
  if (state === 'loading') return <span className={`${box} animate-pulse motion-reduce:animate-none`} aria-label={`${label}, loading`} role="img" />;
  if (state === 'failed') return <span className={box}>{label} could not be shown</span>;
  return (
    <a href={state.url} target="_blank" rel="noreferrer" className={`${box} hover:border-teal-600`}>
      <img src={state.url} alt={`${label} (opens in a new tab)`} width={96} height={96} className="size-full object-cover" />
    </a>
  );
}
