import { londonLongDate, type QuestionRejectionReason, type StaffQuestion } from '@shop/contracts';
import { Link } from 'react-router';
import { linkClasses } from '../ui/link.tsx';

/**
 * What the question pages share: the question as asked (quoted, with who asked and when) and the
 * product it is about. Customers' words are text only: React escapes them.
 */

export const formatQuestionDay = (iso: string) => londonLongDate(iso);

// The contract's lists, repeated here: the browser's build takes no module that holds zod schemas.
export const QUESTION_REJECTION_REASON_OPTIONS = [
  { value: 'not_about_product', label: 'Not about the product (an order, delivery or service)' },
  { value: 'personal_data', label: 'Contains personal data' },
  { value: 'offensive', label: 'Offensive or abusive' },
] as const satisfies readonly { value: QuestionRejectionReason; label: string }[];
/** The API's limits (contracts: QUESTION_ANSWER_MAX, QUESTION_ANSWERER_NAME_MAX). */
export const ANSWER_MAX = 2000;
export const ANSWERER_NAME_MAX = 60;

type Product = StaffQuestion['product'];

/** The product, linked to its page in the shop, with its code; or that it is no longer sold. */
export function QuestionProduct({ product, showSku = false }: { product: Product; showSku?: boolean }) {
  if (!product) return <p className="text-sm text-navy-700">This product is no longer sold.</p>;
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <Link to={`/p/${product.slug}`} className={`${linkClasses} font-semibold`}>
        {product.name}
      </Link>
      {showSku && <span className="font-mono text-sm text-navy-700">{product.sku}</span>}
    </p>
  );
}

/** The question in the asker's words, and who asked it when. */
export function AskedQuestion({ question, askerName, askedAt }: { question: string; askerName: string; askedAt: string }) {
  return (
    <figure className="space-y-2">
      <blockquote className="max-w-prose border-l-4 border-teal-600 pl-4 text-lg font-semibold break-words whitespace-pre-line text-navy-950">
        {question}
      </blockquote>
      <figcaption className="text-sm text-navy-700">
        Asked by {askerName} on <time dateTime={askedAt}>{formatQuestionDay(askedAt)}</time>
      </figcaption>
    </figure>
  );
}
