import { Link } from 'react-router';

/**
 * The help centre's product forms, from a product page with its code filled in: "Notify me" only
 * while it is out of stock. Plain links, so they work before the page's scripts run.
 */
export function ProductHelpLinks({ sku, outOfStock }: { sku: string; outOfStock: boolean }) {
  const to = (form: string) => `/help/contact/${form}?sku=${encodeURIComponent(sku)}`;
  const links = [
    ...(outOfStock ? [{ form: 'back-in-stock', label: 'Notify me when it is back in stock' }] : []),
    { form: 'product-question', label: 'Ask a question' },
    { form: 'price-match', label: 'Seen it cheaper?' },
    { form: 'email-a-product', label: 'E-mail this product' },
  ];
  return (
    <nav aria-label="Questions about this product">
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {links.map((link) => (
          <li key={link.form}>
            <Link
              to={to(link.form)}
              className={
                link.form === 'back-in-stock'
                  ? 'inline-flex rounded-lg border border-teal-700 px-3 py-2 font-semibold text-teal-800 hover:bg-teal-50'
                  : 'font-semibold text-teal-700 underline underline-offset-2 hover:no-underline'
              }
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
