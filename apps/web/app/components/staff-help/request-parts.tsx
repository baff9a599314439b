import { fillPath, HELP_REQUEST_TYPE_NAMES, type HelpRequest } from '@shop/contracts';
import { helpCentreInboxRoutes } from '@shop/contracts/routes';
import type { ReactNode } from 'react';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { orderHref } from '../../lib/staff-orders/orders.ts';
import { fieldLabel, fieldValue, formatBytes } from '../../lib/staff-help/inbox.ts';
import { STATUS_NAMES } from '../../lib/checkout/order-tracking.ts';
import { DownloadButton, DownloadProblem, useFileDownload } from '../ui/file-download.tsx';
import { Link } from '../ui/link.tsx';

export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <h2 id={id} className="text-lg font-bold tracking-tight text-navy-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Who sent it and what about: the contact details, the order and the form's own fields, as sent (shown as text, never as markup). */
export function RequestDetails({ request }: { request: HelpRequest }) {
  const fields = Object.entries(request.details);
  const row = (label: string, value: ReactNode) => (
    <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="font-semibold text-navy-700">{label}</dt>
      <dd className="break-words whitespace-pre-line text-navy-950 sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <dl className="divide-y divide-navy-100">
      {row('Name', request.name)}
      {row('E-mail address', <span className="break-all">{request.emailAddress}</span>)}
      {request.phone && row('Phone', request.phone)}
      {row('Account', request.customerId ? 'Signed in when they sent it' : 'Guest')}
      {request.order &&
        row(
          'Order',
          <>
            <Link to={orderHref(request.order.orderNumber)}>{request.order.orderNumber}</Link>
            {request.order.status && <span className="text-navy-700"> · {STATUS_NAMES[request.order.status]}</span>}
          </>,
        )}
      {request.sku && row('Product code', request.sku)}
      {fields.map(([name, value]) => row(fieldLabel(name), fieldValue(value, name)))}
    </dl>
  );
}

/** The conversation, oldest first: the customer's words and staff replies, as text. */
export function Thread({ messages }: { messages: readonly { author: 'customer' | 'staff'; authorName: string; body: string; at: string }[] }) {
  if (messages.length === 0) return <p className="text-navy-700">No messages yet.</p>;
  return (
    <ol className="space-y-4">
      {messages.map((message, index) => (
        <li
          key={`${message.at}:${index}`}
          className={`rounded-xl p-4 ${message.author === 'staff' ? 'ml-6 bg-teal-50 ring-1 ring-teal-200' : 'mr-6 bg-sand-50 ring-1 ring-navy-100'}`}
        >
          <p className="text-sm text-navy-700">
            <span className="font-semibold text-navy-950">{message.authorName}</span> {message.author === 'staff' ? '(staff)' : '(customer)'} ·{' '}
            <time dateTime={message.at}>{formatInstant(message.at)}</time>
          </p>
          <p className="mt-2 break-words whitespace-pre-line text-navy-950">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}

function fileUrl(apiBaseUrl: string, reference: string, fileId: string): string {
  const [, path] = helpCentreInboxRoutes.downloadHelpRequestFile;
  return `${apiBaseUrl}/help-centre${fillPath(path, { reference, fileId })}`;
}

/**
 * The request's files, each a button that downloads it: the API answers only with staff's token,
 * so the file is fetched and saved (as an attachment, never opened as a page of the shop).
 */
export function FileList({ request }: { request: Pick<HelpRequest, 'reference' | 'files'> }) {
  const { download, busy, problem } = useFileDownload((apiBaseUrl, fileId) => fileUrl(apiBaseUrl, request.reference, fileId));
  if (request.files.length === 0) return <p className="text-navy-700">No files were sent with this request.</p>;

  return (
    <>
      <ul className="divide-y divide-navy-100">
        {request.files.map((file) => (
          <li key={file.id} className="py-3">
            <DownloadButton file={file} busy={busy} onDownload={download} />
            <p className="text-sm text-navy-700">
              {fieldLabel(file.role)} · {file.contentType}, {formatBytes(file.sizeBytes)}
            </p>
          </li>
        ))}
      </ul>
      <DownloadProblem problem={problem} />
    </>
  );
}

export const requestTitle = (request: Pick<HelpRequest, 'type' | 'reference'>) => `${HELP_REQUEST_TYPE_NAMES[request.type]} ${request.reference}`;
