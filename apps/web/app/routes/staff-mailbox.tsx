import { createNotificationsClient } from '@shop/api-client';
import { Form, Link, useLocation } from 'react-router';
import type { Route } from './+types/staff-mailbox';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { SearchIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { MAILBOX_ROLES } from '../lib/auth/claims.ts';
import { EMAIL_STATUS, MAILBOX_AUDIENCE, formatMailboxTime, MAILBOX_PAGE_SIZE, mailboxHref, mailboxQuery } from '../lib/mailbox.ts';
import { pageMeta } from '../lib/meta.ts';
import { searchRead, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { ErrorSummary } from '../components/ui/error-summary.tsx';

/** The outbox as the address filters it, read on the server for the signed-in administrator. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, MAILBOX_ROLES, 'notifications', createNotificationsClient);
  const { to, page } = mailboxQuery(new URL(request.url).searchParams);
  return staffRead(async () => ({ to, ...(await searchRead(() => api.listMailbox({ query: { to, pageNumber: page, pageSize: MAILBOX_PAGE_SIZE } }))) }));
}

export const meta: Route.MetaFunction = () => [...pageMeta('Staff mailbox', 'E-mails the shop has queued or sent.'), { name: 'robots', content: 'noindex' }];

/** The e-mail outbox for staff: newest first, paged, filtered by recipient. */
export default function StaffMailboxPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Staff mailbox"
        intro={<p>Every e-mail the shop has queued or sent, newest first. Without an SMTP server, this is where they arrive.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Staff mailbox' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...MAILBOX_AUDIENCE} />
        ) : (
          <Mailbox to={loaderData.to} page={loaderData.page} problem={loaderData.problem} />
        )}
      </div>
    </>
  );
}

function Mailbox({ to, page, problem }: { to: string | undefined; page: MailboxPage | null; problem: string | null }) {
  return (
    <>
      <Form method="get" role="search" aria-label="Filter the mailbox" className="flex max-w-xl flex-wrap items-end gap-3">
        <FormField label="Recipient’s e-mail address" className="min-w-0 flex-1 basis-64">
          {(control) => <Input {...control} type="search" name="to" defaultValue={to} key={to ?? ''} autoComplete="off" inputMode="email" spellCheck={false} />}
        </FormField>
        <Button type="submit" variant="primary">
          <SearchIcon className="size-4" />
          Filter
        </Button>
        {to && (
          <Link to="/staff/mailbox" className="inline-flex h-11 items-center px-2 font-semibold text-teal-700 underline underline-offset-3">
            Show all
          </Link>
        )}
      </Form>

      <div className="mt-8">{page ? <MailboxList page={page} to={to} /> : <ErrorSummary problems={[{ message: problem ?? '' }]} />}</div>
    </>
  );
}

type MailboxPage = Awaited<ReturnType<ReturnType<typeof createNotificationsClient>['listMailbox']>>;

function MailboxList({ page, to }: { page: MailboxPage; to: string | undefined }) {
  const location = useLocation();
  if (page.items.length === 0) {
    return (
      <EmptyState icon={<SearchIcon className="size-8" />} title={to ? 'No e-mails to that address' : 'No e-mails yet'}>
        <p>{to ? `Nothing has been sent to ${to}. Check the address, or show all e-mails.` : 'E-mails appear here as soon as the shop sends them.'}</p>
      </EmptyState>
    );
  }
  const first = (page.pageNumber - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  return (
    <>
      <p className="text-sm text-navy-700" role="status">
        {first === last ? `E-mail ${first}` : `E-mails ${first} to ${last}`} of {page.totalCount}
        {to && <> to {to}</>}
      </p>
      {/* A wide table scrolls within its frame on small screens (its links take the keyboard there); the page itself never does. */}
      <div className="mt-3 overflow-x-auto rounded-xl border border-navy-100" role="region" aria-label="E-mails">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">E-mails, newest first</caption>
          <thead className="bg-sand-100 text-navy-800">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Subject
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                To
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Sent
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-navy-100">
            {page.items.map((email) => (
              <tr key={email.id} className="hover:bg-navy-50/60">
                <td className="px-4 py-3">
                  <Link
                    to={`/staff/mailbox/${email.id}`}
                    state={{ back: location.pathname + location.search }}
                    className="font-semibold text-teal-700 underline decoration-teal-700/40 underline-offset-3 hover:decoration-teal-700"
                  >
                    {email.subject || '(no subject)'}
                  </Link>
                </td>
                <td className="px-4 py-3 [overflow-wrap:anywhere] text-navy-800">{email.to}</td>
                <td className="px-4 py-3">
                  <Badge tone={EMAIL_STATUS[email.status].tone}>{EMAIL_STATUS[email.status].label}</Badge>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-navy-800">
                  {email.sentAt ? (
                    <time dateTime={email.sentAt}>{formatMailboxTime(email.sentAt)}</time>
                  ) : (
                    <span className="text-navy-600">
                      Queued <time dateTime={email.createdAt}>{formatMailboxTime(email.createdAt)}</time>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination className="mt-8" label="Mailbox pages" current={page.pageNumber} total={page.totalPages} hrefFor={(target) => mailboxHref(to, target)} />
    </>
  );
}
