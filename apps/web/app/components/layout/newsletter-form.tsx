import type { NewsletterSource } from '@shop/contracts';
import { useFetcher } from 'react-router';
import type { NewsletterResult } from '../../lib/newsletter.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { CheckIcon } from '../ui/icons.tsx';

/**
 * Newsletter sign-up (double opt-in, decision 0044). It posts to /newsletter, which checks the
 * address and sends it to the API; the answer is always "check your email", whether or not the
 * address was already on the list. Without JavaScript the browser shows that page with the answer.
 */
export function NewsletterForm({ id, source, result }: { id: string; source: NewsletterSource; result?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${id}` });
  const answer = fetcher.data ?? result;
  const submitting = fetcher.state !== 'idle';
  const fieldError = answer && !answer.ok && answer.kind === 'field' ? answer.error : null;

  return (
    <fetcher.Form method="post" action="/newsletter" noValidate aria-label="Newsletter sign-up" className="w-full max-w-lg">
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={`${id}-email`} label="Email address" hideLabel error={fieldError} className="flex-1">
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              spellCheck={false}
              placeholder="Your email address"
              defaultValue={answer?.email}
            />
          )}
        </FormField>
        <Button type="submit" variant="primary" loading={submitting}>
          Sign up
        </Button>
      </div>
      <div role="status" className="mt-3 min-h-0 text-sm">
        {answer?.ok && (
          <p className="flex items-start gap-2 rounded-lg bg-white px-3 py-2 font-medium text-navy-900 ring-1 ring-teal-200">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-teal-700" />
            {answer.message}
          </p>
        )}
      </div>
      {answer && !answer.ok && answer.kind !== 'field' && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {answer.error}
        </p>
      )}
      <p className="mt-2 text-xs text-navy-700">
        We’ll email you a link to confirm. One newsletter a month at most; every one has a link to unsubscribe. See our{' '}
        <a href="/privacy#what-we-keep-and-why" className="underline underline-offset-2">
          privacy notice
        </a>
        .
      </p>
    </fetcher.Form>
  );
}
