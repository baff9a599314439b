import { fillPath, TRADE_APPLICATION_STATUS_NAMES, TRADE_BUSINESS_TYPE_NAMES, TRADE_TYPE_NAMES, formatPence } from '@shop/contracts';
import type { TradeApplication, TradeApplicationStatus } from '@shop/contracts';
import { tradeRoutes } from '@shop/contracts/routes';
import type { ReactNode } from 'react';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { DOCUMENT_KIND_NAMES, DOCUMENT_TYPE_NAMES, formatBytes } from '../../lib/trade/application-form.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { DownloadButton, DownloadProblem, useFileDownload } from '../ui/file-download.tsx';

export const STATUS_TONES: Record<TradeApplicationStatus, BadgeTone> = {
  submitted: 'info',
  more_info_required: 'accent',
  approved: 'success',
  disapproved: 'neutral',
};

export const ApplicationStatusBadge = ({ status }: { status: TradeApplicationStatus }) => (
  <Badge tone={STATUS_TONES[status]}>{TRADE_APPLICATION_STATUS_NAMES[status]}</Badge>
);

/** The document's address at the API (it needs the reader's token, so it is fetched, not linked). */
function documentUrl(apiBaseUrl: string, tradeExternalId: string, documentId: string): string {
  const [, path] = tradeRoutes.getTradeApplicationDocument;
  return `${apiBaseUrl}/accounts${fillPath(path, { tradeExternalId, documentId })}`;
}

/**
 * An application's documents, each a button that downloads it: the API answers only with the
 * reader's token (the applicant's own, or a reviewer's), so the file is fetched and then saved.
 */
export function DocumentList({ application }: { application: Pick<TradeApplication, 'tradeExternalId' | 'documents'> }) {
  const { download, busy, problem } = useFileDownload((apiBaseUrl, documentId) => documentUrl(apiBaseUrl, application.tradeExternalId, documentId));
  if (application.documents.length === 0) return <p className="text-navy-700">No documents yet.</p>;

  return (
    <>
      <ul className="divide-y divide-navy-100">
        {application.documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <DownloadButton file={document} busy={busy} onDownload={download} />
              <p className="text-sm text-navy-700">
                {DOCUMENT_KIND_NAMES[document.kind]} · {DOCUMENT_TYPE_NAMES[document.contentType] ?? document.contentType}, {formatBytes(document.sizeBytes)}
              </p>
            </div>
            <p className="text-sm text-navy-600">
              Added <time dateTime={document.uploadedAt}>{formatInstant(document.uploadedAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <DownloadProblem problem={problem} />
    </>
  );
}

/** What an entry of the history says happened. */
function eventTitle(event: TradeApplication['history'][number]): string {
  if (event.from === null) return 'Application sent';
  if (event.from === 'more_info_required' && event.to === 'submitted') return 'Question answered: waiting for review';
  if (event.to === 'more_info_required') return 'Question asked';
  return TRADE_APPLICATION_STATUS_NAMES[event.to];
}

/** What happened to an application, oldest first: who (staff see names), when, and the note. */
export function ApplicationHistory({ history }: { history: TradeApplication['history'] }) {
  return (
    <ol className="space-y-4 border-l-2 border-navy-100 pl-5">
      {history.map((event, index) => (
        <li key={`${event.at}:${index}`} className="relative">
          <span className="absolute top-1.5 -left-[1.6875rem] size-3 rounded-full bg-teal-600 ring-4 ring-white" aria-hidden="true" />
          <p className="font-semibold text-navy-950">{eventTitle(event)}</p>
          <p className="text-sm text-navy-700">
            <time dateTime={event.at}>{formatInstant(event.at)}</time>
            {event.by && <> · by {event.by}</>}
          </p>
          {event.note && <p className="mt-1 rounded-lg bg-sand-50 p-3 text-sm whitespace-pre-line text-navy-900">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

function Row({ term, value }: { term: string; value: string | number | null | undefined }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-navy-700">{term}</dt>
      <dd className="break-words text-navy-950">
        {value === null || value === undefined || value === '' ? <span className="text-navy-600">Not given</span> : value}
      </dd>
    </div>
  );
}

/** What the applicant sent, as a list of terms. */
export function ApplicationDetails({ details }: { details: TradeApplication['details'] }) {
  const address = [details.address.line1, details.address.line2, details.address.town, details.address.county, details.address.postcode]
    .filter(Boolean)
    .join(', ');
  return (
    <dl className="divide-y divide-navy-100 text-sm">
      <Row term="Legal name" value={details.legalName} />
      <Row term="Trading name" value={details.tradingName} />
      <Row term="Type of business" value={TRADE_BUSINESS_TYPE_NAMES[details.businessType]} />
      <Row term="Companies House number" value={details.companyNumber} />
      <Row term="VAT number" value={details.vatNumber} />
      <Row term="Trade" value={details.trade === 'other' ? `Other: ${details.tradeOther ?? ''}` : TRADE_TYPE_NAMES[details.trade]} />
      <Row term="Years trading" value={details.yearsTrading} />
      <Row term="Employees" value={details.employees} />
      <Row term="Expected monthly spend" value={`${formatPence(details.expectedMonthlySpendPence)} ex VAT`} />
      <Row term="Address" value={address} />
      <Row term="Contact" value={[details.contactName, details.contactRole].filter(Boolean).join(', ')} />
      <Row term="Phone number" value={details.contactPhone} />
      <Row term="Contact e-mail address" value={details.contactEmail} />
      <Row term="Gas Safe number" value={details.gasSafeNumber} />
      <Row term="NICEIC number" value={details.niceicNumber} />
      <Row term="Other registration" value={details.otherRegistration} />
    </dl>
  );
}

/** A card with a heading, as the trade pages lay out their parts. */
export function Card({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-navy-100 bg-white p-5 sm:p-6 ${className ?? ''}`}>
      <h2 id={id} className="text-lg font-bold tracking-tight text-navy-950">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
