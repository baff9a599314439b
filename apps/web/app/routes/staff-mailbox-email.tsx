import { createNotificationsClient } from '@shop/api-client';
import { useLocation } from 'react-router';
import type { Route } from './+types/staff-mailbox-email';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ChevronLeftIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { safeReturnPath } from '../lib/auth/callback-url.ts';
import { MAILBOX_ROLES } from '../lib/auth/claims.ts';
import { EMAIL_STATUS, MAILBOX_AUDIENCE, emailDocument, formatMailboxTime } from '../lib/mailbox.ts';
import { pageMeta } from '../lib/meta.ts';
import { staffClient, staffRead } from '../lib/auth/staff-page.server.ts';

/** The e-mail, read on the server for the signed-in administrator; one that does not exist is the shop's 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = staffClient(request, MAILBOX_ROLES, 'notifications', createNotificationsClient);
  return staffRead(async () => ({ email: await api.getMailboxEmail({ params: { emailId: params.emailId } }) }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('E-mail | Staff mailbox', 'One e-mail of the staff mailbox.'),
  { name: 'robots', content: 'noindex' },
];

/** One e-mail: its details, its HTML in a sandboxed frame and its plain text. */
export default function StaffMailboxEmailPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const back = safeReturnPath((location.state as { back?: unknown } | null)?.back, '/staff/mailbox');
  return (
    <>
      <PageHeader title="E-mail" trail={[{ label: 'Your account', to: '/account' }, { label: 'Staff mailbox', to: back }, { label: 'E-mail' }]} />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={back} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          Back to the mailbox
        </Link>
        <div className="mt-6">{'forbidden' in loaderData ? <NeedStaffAccount {...MAILBOX_AUDIENCE} /> : <Email message={loaderData.email} />}</div>
      </div>
    </>
  );
}

function Email({ message }: { message: Awaited<ReturnType<ReturnType<typeof createNotificationsClient>['getMailboxEmail']>> }) {
  const status = EMAIL_STATUS[message.status];
  return (
    <article aria-labelledby="email-subject">
      <h2 id="email-subject" className="text-2xl font-bold tracking-tight break-words text-navy-950">
        {message.subject || '(no subject)'}
      </h2>
      <dl className="mt-4 grid gap-x-8 gap-y-2 rounded-xl border border-navy-100 bg-sand-50 p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-navy-700">To</dt>
        <dd className="[overflow-wrap:anywhere]">{message.to}</dd>
        <dt className="font-semibold text-navy-700">Status</dt>
        <dd>
          <Badge tone={status.tone}>{status.label}</Badge>
          {message.attempts > 1 && <span className="ml-2 text-navy-700">after {message.attempts} attempts</span>}
        </dd>
        <dt className="font-semibold text-navy-700">{message.sentAt ? 'Sent' : 'Queued'}</dt>
        <dd>
          <time dateTime={message.sentAt ?? message.createdAt}>{formatMailboxTime(message.sentAt ?? message.createdAt)}</time>
        </dd>
        <dt className="font-semibold text-navy-700">Kind</dt>
        <dd>
          <code className="font-mono text-xs">{message.template}</code>
        </dd>
        {message.lastError && (
          <>
            <dt className="font-semibold text-navy-700">Last error</dt>
            <dd className="break-words text-red-800">{message.lastError}</dd>
          </>
        )}
      </dl>

      <OneTimeLinksNotice count={message.oneTimeLinks.count} shown={message.oneTimeLinks.shown} to={message.to} />

      {message.bodiesClearedAt ? (
        <p className="mt-8 max-w-prose rounded-xl border-l-4 border-navy-300 bg-sand-50 p-4 text-sm text-navy-800">
          What this e-mail said was deleted on <time dateTime={message.bodiesClearedAt}>{formatMailboxTime(message.bodiesClearedAt)}</time>: the shop keeps the
          words of the e-mails it sends only for a limited time. Who it went to, its subject and when remain.
        </p>
      ) : (
        <EmailBodies html={message.html} text={message.text} subject={message.subject} />
      )}
    </article>
  );
}

/** Why links read "[one-time link hidden]", or why, in a shop with no e-mail server, they do not. */
function OneTimeLinksNotice({ count, shown, to }: { count: number; shown: boolean; to: string }) {
  if (count === 0) return null;
  const links = count === 1 ? 'a link' : `${count} links`;
  if (shown) {
    return (
      <p className="mt-6 max-w-prose rounded-xl border-l-4 border-brass-500 bg-brass-50 p-4 text-sm text-navy-900">
        <strong>One-time links shown.</strong> This shop has no e-mail server, so this mailbox is where its e-mail is delivered, and {links} that only the
        recipient should use {count === 1 ? 'is' : 'are'} shown. Once the shop sends e-mail through a server, or runs in production, they are hidden.
      </p>
    );
  }
  return (
    <p className="mt-6 max-w-prose rounded-xl border-l-4 border-teal-600 bg-sand-50 p-4 text-sm text-navy-900">
      <strong>One-time links hidden.</strong> This e-mail holds {links} that only {to} should use (to reset a password, confirm a request or reply), shown here
      as “[one-time link hidden]”. If they did not get it, ask them to request a new one.
    </p>
  );
}

function EmailBodies({ html, text, subject }: { html: string; text: string; subject: string }) {
  return (
    <>
      <section aria-labelledby="email-html" className="mt-8">
        <h3 id="email-html" className="text-lg font-bold text-navy-950">
          As the recipient sees it
        </h3>
        <p className="mt-1 text-sm text-navy-700">Links open in a new tab.</p>
        {/* No scripts and no access to this page: only pop-ups (links in a new tab) may leave the sandbox. */}
        <iframe
          title={`E-mail: ${subject}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={emailDocument(html)}
          className="mt-3 h-[36rem] w-full rounded-xl border border-navy-200 bg-white"
        />
      </section>

      <section aria-labelledby="email-text" className="mt-8">
        <h3 id="email-text" className="text-lg font-bold text-navy-950">
          Plain-text version
        </h3>
        <pre className="mt-3 overflow-x-auto rounded-xl border border-navy-100 bg-sand-50 p-4 font-mono text-sm whitespace-pre-wrap break-words text-navy-900">
          {text}
        </pre>
      </section>
    </>
  );
}
