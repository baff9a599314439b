import type { Route } from './+types/newsletter-link';
import { NewsletterLinkPage } from '../components/newsletter-link-page.tsx';
import { pageMeta } from '../lib/meta.ts';
import { linkKind, linkToken } from '../lib/newsletter.ts';
import { newsletterByToken } from '../lib/newsletter.server.ts';

/**
 * The pages a newsletter e-mail's links open, `/newsletter/confirm?token=…` and
 * `/newsletter/unsubscribe?token=…`: one route module under two route ids (routes.ts). Opening the
 * link only reads; confirming and unsubscribing are a POST from the page, so a mail scanner that
 * opens the link subscribes or unsubscribes nobody.
 */
export const loader = ({ request }: Route.LoaderArgs) => newsletterByToken('GET', linkKind(request.url), linkToken(request.url), request);

export const action = ({ request }: Route.ActionArgs) => newsletterByToken('POST', linkKind(request.url), linkToken(request.url), request);

export const meta: Route.MetaFunction = ({ location }) => [
  ...(linkKind(location.pathname) === 'confirm'
    ? pageMeta('Confirm your subscription', 'Confirm your subscription to the Plumbline newsletter.')
    : pageMeta('Unsubscribe', 'Stop the Plumbline newsletter.')),
  { name: 'robots', content: 'noindex' },
];

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterLinkPage answer={actionData ?? loaderData} />;
}
