import type { QuestionSearch, QuestionStatus } from '@shop/contracts';

/**
 * The staff questions screen's filters, kept in the address (`?status=&sku=&q=&page=`) so a search
 * can be shared and paged with plain links. What was typed goes to the API, which says what is wrong.
 */
export const QUESTIONS_PATH = '/staff/questions';
export const QUESTIONS_PAGE_SIZE = 20;
/** Who the screen is for (its contract: role `review-moderator`), as the page says so. */
export const QUESTIONS_AUDIENCE = { what: 'Product questions', who: 'review moderators' };
export const QUESTIONS_ROLES = ['review-moderator'] as const;

// The contract's list, repeated here: the browser's build takes no module that holds zod schemas.
export const QUESTION_STATUS_NAMES = { pending: 'Waiting for an answer', published: 'Published', rejected: 'Rejected' } as const satisfies Record<
  QuestionStatus,
  string
>;
const STATUSES = Object.keys(QUESTION_STATUS_NAMES) as QuestionStatus[];

export interface QuestionFilters {
  status?: QuestionStatus;
  sku?: string;
  q?: string;
  page: number;
}

const typed = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;

export function questionFilters(search: URLSearchParams): QuestionFilters {
  const status = search.get('status');
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return {
    status: STATUSES.includes(status as QuestionStatus) ? (status as QuestionStatus) : undefined,
    sku: typed(search.get('sku'), 40),
    q: typed(search.get('q'), 200),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export function questionsHref(filters: QuestionFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.sku) params.set('sku', filters.sku);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return `${QUESTIONS_PATH}${query ? `?${query}` : ''}`;
}

export const hasQuestionFilters = (filters: QuestionFilters) => Boolean(filters.status || filters.sku || filters.q);

export const questionSearchBody = (filters: QuestionFilters): QuestionSearch => ({
  status: filters.status,
  sku: filters.sku,
  text: filters.q,
  page: filters.page,
  size: QUESTIONS_PAGE_SIZE,
});
