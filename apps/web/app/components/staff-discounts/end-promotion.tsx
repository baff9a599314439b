import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { ProblemAlert } from '../staff-orders/form-parts.tsx';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';

/** Where "End it now" asks first: the page's address with `?end=ask`, and the place of the question on it. */
export const END_ASK = { param: 'end', value: 'ask', anchor: 'end-now' } as const;

/** "End it now": a link to the page asking first (no dialog, so it works before the page's scripts run). */
export function EndPromotionLink({ askHref }: { askHref: string }) {
  return (
    <Link to={`${askHref}#${END_ASK.anchor}`} preventScrollReset className={buttonClasses('secondary', 'sm')}>
      End it now
    </Link>
  );
}

/**
 * Stops a running promotion at once by setting its end to now (the API has no delete: claims keep
 * pointing at it). Asked first, in the page, since shoppers holding the code lose it: a plain form
 * posted to the page, and a link back to the page as it was.
 */
export function EndPromotion({ promotionCode, keepHref }: { promotionCode: string; keepHref: string }) {
  const { form, problem, busy, pathname } = usePostedStep('end');
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the question is shown, the keyboard goes to it (a refusal moves it on to the refusal).
  useEffect(() => heading.current?.focus(), []);
  return (
    <section id={END_ASK.anchor} aria-labelledby="end-now-title" className="mt-5 space-y-4 rounded-2xl border-2 border-brass-500 bg-brass-50 p-5">
      <h3 id="end-now-title" ref={heading} tabIndex={-1} className="text-lg font-bold text-navy-950 focus:outline-none">
        End {promotionCode} now?
      </h3>
      <p className="text-navy-800">
        Shoppers will no longer be able to use {promotionCode} or its issue codes. Orders that already used it keep their discount. You can extend it again by
        changing its end date.
      </p>
      <Form ref={form} method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="end" />
        <Button type="submit" loading={busy}>
          End it now
        </Button>
        <Link to={keepHref} preventScrollReset className={buttonClasses('secondary')}>
          Keep it running
        </Link>
      </Form>
      {problem && <ProblemAlert summary={problem.summary} stale={false} onStale={pathname} />}
    </section>
  );
}
