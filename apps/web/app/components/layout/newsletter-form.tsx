import { useFetcher } from 'react-router';
import type { NewsletterResult } from '../../lib/newsletter.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { CheckIcon } from '../ui/icons.tsx';

/**
 * Newsletter sign-up (a placeholder until the accounts API takes subscriptions). It posts to
 * /newsletter, which validates the address on the server; without JavaScript the browser
 * shows that page instead of the inline answer.
 */
export function NewsletterForm({ id, result }: { id: string; result?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${id}` });
  const answer = fetcher.data ?? result;
  const submitting = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" action="/newsletter" noValidate aria-label="Newsletter sign-up" className="w-full max-w-lg">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField id={`${id}-email`} label="Email address" hideLabel error={answer && !answer.ok ? answer.error : null} className="flex-1">
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
    </fetcher.Form>
  );
}
