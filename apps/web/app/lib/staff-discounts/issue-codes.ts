import type { IssueCode } from '@shop/contracts';
import { promotionHref } from './promotion.ts';

export const ISSUE_CODES_PAGE_SIZE = 50;
export type IssueCodeStatus = IssueCode['status'];
const STATUSES: readonly IssueCodeStatus[] = ['available', 'claimed', 'voided'];

/** Which of a promotion's issue codes its page shows: a status (or all), part of a code, and a page of them. */
export interface IssueCodeView {
  show: IssueCodeStatus | 'all';
  find: string;
  page: number;
}

/** The view in the page's address (`?show=`, `?find=`, `?page=`); anything else shows the first page of all codes. */
export function issueCodeView(search: URLSearchParams): IssueCodeView {
  const show = search.get('show');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    show: STATUSES.find((status) => status === show) ?? 'all',
    find: (search.get('find') ?? '').trim().slice(0, 40),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The address of the promotion's page with a view of its codes (only what differs from the first page of all). */
export function issueCodesHref(promotionCode: string, view: IssueCodeView): string {
  const params = new URLSearchParams();
  if (view.show !== 'all') params.set('show', view.show);
  if (view.find) params.set('find', view.find);
  if (view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  return `${promotionHref(promotionCode)}${search ? `?${search}` : ''}`;
}

/** Where the promotion's issue codes are downloaded as a CSV file made on the server. */
export const issueCodesCsvHref = (promotionCode: string) => `${promotionHref(promotionCode)}/issue-codes.csv`;

/** A page of a promotion's codes as the view asks, with how many there are of each status. */
export interface IssueCodePage {
  counts: Record<IssueCodeStatus | 'all', number>;
  /** How many codes the view finds, on every page. */
  found: number;
  /** The page shown: the one asked for, or the last there is. */
  page: number;
  pages: number;
  rows: IssueCode[];
}

/**
 * The view's page of codes. The API sends every code with the promotion, so the page is cut here,
 * on the server: the page's HTML carries one page of them however many there are.
 */
export function pageOfCodes(codes: readonly IssueCode[], view: IssueCodeView): IssueCodePage {
  const counts = { all: codes.length, available: 0, claimed: 0, voided: 0 };
  for (const code of codes) counts[code.status] += 1;
  // Codes are typed as read off a leaflet: any case, with spaces or hyphens.
  const part = view.find.toUpperCase().replace(/[\s-]+/g, '');
  const found = codes.filter((code) => (view.show === 'all' || code.status === view.show) && code.code.includes(part));
  const pages = Math.max(1, Math.ceil(found.length / ISSUE_CODES_PAGE_SIZE));
  const page = Math.min(view.page, pages);
  return { counts, found: found.length, page, pages, rows: found.slice((page - 1) * ISSUE_CODES_PAGE_SIZE, page * ISSUE_CODES_PAGE_SIZE) };
}
