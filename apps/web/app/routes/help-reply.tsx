import { ApiError } from '@shop/api-client';
import { HELP_REQUEST_TYPE_NAMES, type HelpReplyThread } from '@shop/contracts';
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/help-reply';
import { PageHeader } from '../components/layout/page-header.tsx';
import { HelpStatusBadge } from '../components/staff-help/inbox-list.tsx';
import { Thread } from '../components/staff-help/request-parts.tsx';
import { TextAreaField } from '../components/trade/application-fields.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { Link } from '../components/ui/link.tsx';
import { helpReplyClient } from '../lib/api.server.ts';
import { pageMeta } from '../lib/meta.ts';

/** The field's id: the error summary links to it. */
const MESSAGE_FIELD = 'reply-message';

type Loaded = { thread: HelpReplyThread } | { invalid: true };

/** A link that was replaced by a newer one, or never issued: the same answer either way. */
const linkInvalid = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The customer's request through the link in our e-mails (decision 0032): read on the server, so it shows at first paint. */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    return { thread: await helpReplyClient(request).getHelpReplyThread({ params: { token: params.token } }) } satisfies Loaded;
  } catch (error) {
    if (linkInvalid(error)) return data<Loaded>({ invalid: true }, { status: 404 });
    throw error;
  }
}

/** The customer's answer, posted as a plain form: sent, it shows the thread again with a thank-you (post, redirect, get). */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const message = typeof form.get('message') === 'string' ? (form.get('message') as string) : '';
  try {
    await helpReplyClient(request).sendHelpReply({ params: { token: params.token }, body: { message } });
  } catch (error) {
    if (linkInvalid(error) && error instanceof ApiError && error.status === 404) return data({ message, problem: null, invalid: true }, { status: 404 });
    const field = error instanceof ApiError ? (error.data as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0]?.message : undefined;
    const problem =
      typeof field === 'string'
        ? field
        : error instanceof ApiError && error.status === 429
          ? 'You have sent several replies in a short time. Wait a minute, then send it again.'
          : 'We couldn’t send your reply just now. Please try again in a minute.';
    return data({ message, problem, invalid: false }, { status: error instanceof ApiError && error.status < 500 ? error.status : 503 });
  }
  return redirect(`/help/reply/${encodeURIComponent(params.token)}?sent=1`, 303);
}

export const meta: Route.MetaFunction = () => [...pageMeta('Your help request', 'Read our replies and answer them.'), { name: 'robots', content: 'noindex' }];

export default function HelpReplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const invalid = 'invalid' in loaderData || actionData?.invalid;
  const thread = 'thread' in loaderData ? loaderData.thread : null;

  if (invalid || !thread) {
    return (
      <>
        <PageHeader title="This link does not work" trail={[{ label: 'Help', to: '/help' }, { label: 'Your request' }]} />
        <div className="container-page max-w-3xl space-y-4 py-10">
          <p className="text-navy-900">
            Each time we reply, we send a new link and the earlier ones stop working. Use the link in our latest e-mail about your request.
          </p>
          <p className="text-navy-900">
            Can’t find it? <Link to="/help">Contact us</Link> quoting your reference (it starts HC-).
          </p>
        </div>
      </>
    );
  }

  const problem = actionData?.problem ?? null;
  const replyNote =
    thread.status === 'closed' ? 'We closed this request. Writing to us here opens it again.' : 'Your reply goes to the team handling your request.';
  return (
    <>
      <PageHeader
        title={`Your ${HELP_REQUEST_TYPE_NAMES[thread.type].toLowerCase()}`}
        intro={<p>Reference {thread.reference}. Read our replies and answer them here.</p>}
        trail={[{ label: 'Help', to: '/help' }, { label: thread.reference }]}
      />
      <div className="container-page max-w-3xl space-y-6 py-8 lg:py-10">
        {searchParams.get('sent') === '1' && !actionData && <Notice title="Thank you: we have your reply">We will answer by e-mail.</Notice>}
        <section aria-labelledby="thread-heading" className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="thread-heading" className="text-lg font-bold tracking-tight text-navy-950">
              Conversation
            </h2>
            <HelpStatusBadge status={thread.status} />
          </div>
          <div className="mt-4">
            <Thread messages={thread.messages} />
          </div>
        </section>
        <section aria-labelledby="reply-heading" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <h2 id="reply-heading" className="text-lg font-bold tracking-tight text-navy-950">
            Add a reply
          </h2>
          <p className="mt-1 text-sm text-navy-700">{replyNote} This link works until we reply again: then use the link in our newest e-mail.</p>
          <Form method="post" noValidate className="mt-4 space-y-4">
            {problem && <ErrorSummary problems={[{ message: problem, fieldId: MESSAGE_FIELD }]} />}
            <TextAreaField
              name="message"
              id={MESSAGE_FIELD}
              label="Your reply"
              error={problem ?? undefined}
              defaultValue={actionData?.message}
              maxLength={5000}
              rows={6}
            />
            <Button type="submit" loading={navigation.state === 'submitting'}>
              Send reply
            </Button>
          </Form>
        </section>
      </div>
    </>
  );
}
