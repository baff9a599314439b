import { REVIEW_MAX_PHOTOS, TRADE_DOCUMENT_MAX_BYTES } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { PHOTOS_FIELD } from '../../lib/reviews/review-form.ts';
import { FormField } from '../ui/form-field.tsx';

const FILE_INPUT_CLASSES =
  'block w-full text-sm text-navy-900 file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-teal-700 file:px-4 file:py-2.5 ' +
  'file:font-semibold file:text-white hover:file:bg-teal-800';
const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** Why a chosen file is left out before it is sent (the server checks the content again), or null. */
function notAddedBecause(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'it must be a JPG or PNG';
  if (file.size > TRADE_DOCUMENT_MAX_BYTES) return 'it must be smaller than 5MB';
  if (file.size === 0) return 'it is empty';
  return null;
}

interface Chosen {
  file: File;
  /** An object URL for the preview, revoked when the photo is removed or the picker goes. */
  url: string;
}

/**
 * Up to REVIEW_MAX_PHOTOS photos for a review: a plain file input named `photos` (so the form
 * sends them before the page's scripts run). With scripts, photos chosen one after another add up,
 * each is shown as a preview with a button to remove it, and what cannot be sent is said at once;
 * the input's files are kept equal to the previews, so the form sends what the person sees.
 */
export function PhotoPicker({ id, label, hint, error }: { id: string; label: string; hint: string; error?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const made = useRef(new Set<string>());
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  // The previews' URLs are let go with the page.
  useEffect(() => {
    const urls = made.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const keep = (files: File[]) => {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    const next = files.map((file) => chosen.find((photo) => photo.file === file) ?? { file, url: URL.createObjectURL(file) });
    for (const photo of next) made.current.add(photo.url);
    for (const gone of chosen.filter((photo) => !next.includes(photo))) {
      URL.revokeObjectURL(gone.url);
      made.current.delete(gone.url);
    }
    setChosen(next);
  };

  const add = (picked: File[]) => {
    const problems: string[] = [];
    const fine = picked.filter((file) => {
      const because = notAddedBecause(file);
      if (because) problems.push(`${file.name} was not added: ${because}`);
      return !because;
    });
    const next = [...chosen.map((photo) => photo.file), ...fine];
    if (next.length > REVIEW_MAX_PHOTOS) problems.push(`A review can have up to ${REVIEW_MAX_PHOTOS} photos: we kept the first ${REVIEW_MAX_PHOTOS}`);
    keep(next.slice(0, REVIEW_MAX_PHOTOS));
    setNotice(problems.length > 0 ? problems.join('. ') : null);
  };

  const remove = (index: number) => {
    keep(chosen.filter((_, at) => at !== index).map((photo) => photo.file));
    setNotice(null);
    // Focus stays in the list: on the photo that took this one's place, or the one before, or the input when none is left.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
      (buttons[Math.min(index, buttons.length - 1)] ?? input.current)?.focus();
    });
  };

  return (
    <div className="space-y-3">
      <FormField id={id} label={label} hint={hint} error={error}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            name={PHOTOS_FIELD}
            accept="image/jpeg,image/png"
            multiple
            onChange={(event) => add([...(event.target.files ?? [])])}
            className={FILE_INPUT_CLASSES}
          />
        )}
      </FormField>
      <p role="status" className={cn('text-sm', notice ? 'font-medium text-red-700' : 'sr-only')}>
        {notice ?? (chosen.length > 0 ? `${chosen.length} of ${REVIEW_MAX_PHOTOS} photos chosen` : '')}
      </p>
      {chosen.length > 0 && (
        <ul ref={list} aria-label="Photos you have chosen" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {chosen.map((photo, index) => (
            <li key={photo.url} className="overflow-hidden rounded-xl bg-white ring-1 ring-navy-100">
              <img src={photo.url} alt="" width={160} height={160} className="aspect-square w-full bg-sand-100 object-cover" />
              <div className="flex items-center justify-between gap-2 px-2.5 py-2">
                <span className="min-w-0 truncate text-xs text-navy-700">{photo.file.name}</span>
                <button
                  type="button"
                  onClick={() => remove(index)}
                  className="shrink-0 text-sm font-semibold text-red-800 underline underline-offset-2 hover:no-underline"
                >
                  Remove<span className="sr-only"> photo {photo.file.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
