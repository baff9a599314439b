import type { StaffProduct, StaffVariant, StaffVariantImage } from '@shop/contracts';
import { useEffect, useRef } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Problems } from './editor-form.tsx';

/** The address parameter naming the picture whose removal is being confirmed: a link, so it works before scripts load. */
export const REMOVE_PARAM = 'remove';
const CONFIRM_ID = 'remove-picture';

/**
 * Each variant's pictures in the order its product page shows them, with steps to put them in order
 * and to remove one (after a confirmation), each a plain form posted to the page.
 */
export function VariantPictures({ product }: { product: StaffProduct }) {
  const move = usePostedStep('image-move');
  const remove = usePostedStep('image-remove');
  const [searchParams] = useSearchParams();
  const confirming = Number(searchParams.get(REMOVE_PARAM));
  return (
    <section aria-labelledby="pictures-title" className="space-y-6 rounded-2xl border border-navy-100 bg-white p-5">
      <div className="space-y-2">
        <h2 id="pictures-title" className="section-heading">
          Pictures
        </h2>
        <p className="text-sm text-navy-700">
          In the order the product page shows them when that variant is chosen: the first is shown first. Pictures added below go last.
        </p>
      </div>
      <Problems problem={move.problem} ids={move.ids} pathname={move.pathname} />
      <Problems problem={remove.problem} ids={remove.ids} pathname={remove.pathname} />
      {product.variants.map((variant) => (
        <div key={variant.sku} className="space-y-3">
          <h3 className="text-lg font-bold text-navy-950">
            {variant.label} <span className="font-mono text-base font-normal text-navy-700">({variant.sku})</span>
          </h3>
          {variant.images.length === 0 ? (
            <p className="text-sm text-navy-700">No pictures of its own: the product page shows the product’s other pictures when it is chosen.</p>
          ) : (
            <ol aria-label={`Pictures of ${variant.label} (${variant.sku})`} className="space-y-3">
              {variant.images.map((image, index) => (
                <Picture
                  key={image.id}
                  variant={variant}
                  image={image}
                  place={index + 1}
                  version={product.version}
                  confirming={confirming === image.id}
                  busy={move.busy || remove.busy}
                />
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}

interface PictureProps {
  variant: StaffVariant;
  image: StaffVariantImage;
  place: number;
  version: number;
  confirming: boolean;
  busy: boolean;
}

/** The step's fields that name the picture: its variant and id, and the product's version as read. */
function PictureFields({ intent, variant, image, version }: { intent: string; variant: StaffVariant; image: StaffVariantImage; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="sku" value={variant.sku} />
      <input type="hidden" name="imageId" value={image.id} />
    </>
  );
}

function Picture({ variant, image, place, version, confirming, busy }: PictureProps) {
  const { pathname } = useLocation();
  const count = variant.images.length;
  // Each button says which picture it acts on to a screen reader, after the words it shows.
  const which = ` picture ${place} of ${variant.label} (${variant.sku})`;
  const moves = [
    ...(place > 2 ? [{ label: 'Make first', to: 1 }] : []),
    ...(place > 1 ? [{ label: 'Move up', to: place - 1 }] : []),
    ...(place < count ? [{ label: 'Move down', to: place + 1 }] : []),
  ];
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-navy-100 p-3 sm:flex-row">
      <img
        src={image.url}
        alt={image.altText}
        width={96}
        height={96}
        loading="lazy"
        className="size-24 shrink-0 rounded-md border border-navy-100 bg-navy-50 object-contain"
      />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="font-semibold text-navy-950">
          Picture {place} of {count}
          {place === 1 && <span className="font-normal text-navy-700"> · shown first</span>}
        </p>
        <p className="text-sm text-navy-700">{image.uploaded ? 'Uploaded by staff' : 'Demo drawing'}</p>
        {confirming ? (
          <ConfirmRemoval variant={variant} image={image} place={place} version={version} busy={busy} />
        ) : (
          <div className="flex flex-wrap gap-2">
            {moves.length > 0 && (
              <Form method="post" noValidate className="flex flex-wrap gap-2">
                <PictureFields intent="image-move" variant={variant} image={image} version={version} />
                {moves.map((move) => (
                  <Button key={move.label} type="submit" name="place" value={move.to} variant="secondary" size="sm" disabled={busy}>
                    {move.label}
                    <span className="sr-only">{which}</span>
                  </Button>
                ))}
              </Form>
            )}
            <ButtonLink to={`${pathname}?${REMOVE_PARAM}=${image.id}#${CONFIRM_ID}`} preventScrollReset variant="ghost" size="sm">
              Remove
              <span className="sr-only">{which}</span>
            </ButtonLink>
          </div>
        )}
      </div>
    </li>
  );
}

/** The removal asked about once more, in place: it cannot be undone from here. */
function ConfirmRemoval({ variant, image, place, version, busy }: Omit<PictureProps, 'confirming'>) {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Scripts running, the keyboard goes to the question (before them, the address's #fragment brings it into view).
  useEffect(() => heading.current?.focus(), []);
  return (
    <div id={CONFIRM_ID} role="group" aria-labelledby={`${CONFIRM_ID}-title`} className="space-y-3 rounded-lg border-2 border-red-700 bg-red-50 p-3">
      <h4 id={`${CONFIRM_ID}-title`} ref={heading} tabIndex={-1} className="font-bold text-navy-950 outline-none">
        Remove picture {place} of {variant.label}?
      </h4>
      <p className="text-sm text-navy-800">
        The product page stops showing it within a minute.{' '}
        {image.uploaded
          ? 'Its file is deleted, unless another variant shows it too: to show it again, upload it again.'
          : 'It is one of the demo shop’s drawings, so only this variant stops showing it.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" noValidate>
          <PictureFields intent="image-remove" variant={variant} image={image} version={version} />
          <Button type="submit" size="sm" loading={busy}>
            Yes, remove it
          </Button>
        </Form>
        <ButtonLink to={pathname} preventScrollReset variant="secondary" size="sm">
          No, keep it
        </ButtonLink>
      </div>
    </div>
  );
}
