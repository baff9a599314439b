import type { UserProfile } from '@shop/contracts';
import type { Route } from './+types/account';
import { ApiError } from '@shop/api-client';
import { AccountOrders, type LatestOrder } from '../components/account-orders.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { canReadMailbox, isStaff, STAFF_ROLES } from '../lib/auth/claims.ts';
import { SIGN_OUT_PATH } from '../lib/auth/settings.ts';
import { accountClients, loadOrProblem } from '../lib/account/account-api.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { STAFF_TRADE_PATHS, TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { canManageSynonyms, SYNONYMS_PATH } from '../lib/staff-search/synonyms.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your account', 'Sign in to your Plumbline account to see your details.'),
  { name: 'robots', content: 'noindex' },
];

/** The shopper's details and latest order, loaded for them on the server (the layout has made sure they are signed in). */
export async function loader({ request }: Route.LoaderArgs) {
  const { accounts } = accountClients(request);
  const [profile, latest] = await Promise.all([
    loadOrProblem(request, 'account profile', accounts.getUserProfile()),
    // No orders yet is a 404: an answer, not a failure.
    loadOrProblem(
      request,
      'latest order',
      accounts.getMyLatestOrder().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  ]);
  return { profile, latest };
}

export default function AccountPage({ loaderData: { profile, latest } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your account" trail={[{ label: 'Your account' }]} />
      <div className="container-page min-h-[36rem] py-10 lg:py-12">
        {'problem' in profile ? (
          <LoadError className="mx-auto max-w-xl" title="We couldn’t load your details" problem={profile.problem} retryTo="/account" />
        ) : (
          <Profile
            profile={profile.data}
            latest={latest}
            staff={isStaff(profile.data.roles)}
            mailbox={canReadMailbox(profile.data.roles)}
            staffRoles={profile.data.roles.filter((role) => (STAFF_ROLES as readonly string[]).includes(role))}
          />
        )}
      </div>
    </>
  );
}

function accountType(profile: UserProfile, staff: boolean): string {
  if (staff) return 'Staff';
  if (profile.tradeAccountId || profile.roles.includes('trade')) return 'Trade';
  return 'Retail';
}

const ROLE_NAMES: Record<string, string> = {
  admin: 'Administrator',
  'order-admin': 'Order administrator',
  'trade-reviewer': 'Trade account reviewer',
  'review-moderator': 'Review moderator',
  'discount-manager': 'Discount manager',
  'catalogue-manager': 'Catalogue manager',
  'content-editor': 'Content editor',
  analyst: 'Analyst',
};

function Profile({
  profile,
  latest,
  staff,
  mailbox,
  staffRoles,
}: {
  profile: UserProfile;
  latest: LatestOrder;
  staff: boolean;
  mailbox: boolean;
  staffRoles: string[];
}) {
  const { signOut, busy, status } = useShopAuth();
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="your-details" className="rounded-2xl border border-navy-100 bg-white p-6 lg:col-span-2">
        <h2 id="your-details" className="section-heading">
          Your details
        </h2>
        <dl className="mt-4 divide-y divide-navy-100">
          <div className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="font-semibold text-navy-700">Name</dt>
            <dd className="break-words sm:col-span-2">{profile.name ?? <span className="text-navy-600">Not given</span>}</dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="font-semibold text-navy-700">Email address</dt>
            <dd className="flex flex-wrap items-center gap-2 sm:col-span-2">
              {profile.email ? (
                <>
                  <span className="[overflow-wrap:anywhere]">{profile.email}</span>
                  {profile.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="accent">Not verified yet</Badge>}
                </>
              ) : (
                <span className="text-navy-600">Not given</span>
              )}
            </dd>
          </div>
          <div className="grid gap-1 py-3 sm:grid-cols-3">
            <dt className="font-semibold text-navy-700">Account type</dt>
            <dd className="sm:col-span-2">
              {accountType(profile, staff)}
              {profile.tradeAccountId && <span className="text-navy-700"> (trade account {profile.tradeAccountId})</span>}
            </dd>
          </div>
          {staffRoles.length > 0 && (
            <div className="grid gap-1 py-3 sm:grid-cols-3">
              <dt className="font-semibold text-navy-700">Staff roles</dt>
              <dd className="sm:col-span-2">{staffRoles.map((role) => ROLE_NAMES[role] ?? role).join(', ')}</dd>
            </div>
          )}
        </dl>
        {profile.email && !profile.emailVerified && (
          <p className="mt-4 rounded-lg bg-brass-50 p-3 text-sm text-navy-800">
            We sent you an e-mail with a link to confirm your address. Can’t find it? Check your junk folder.
          </p>
        )}
      </section>
      <div className="space-y-6">
        {staff && (
          <section aria-labelledby="staff-tools" className="rounded-2xl border border-teal-200 bg-teal-50 p-6">
            <h2 id="staff-tools" className="text-lg font-bold text-navy-950">
              Staff tools
            </h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/staff/mailbox">Staff mailbox</Link>
                <p className="text-sm text-navy-700">
                  E-mails the shop has sent: verification, password reset, orders.
                  {!mailbox && ' For administrators.'}
                </p>
              </li>
              <li>
                <Link to="/staff/operations">Operations</Link>
                <p className="text-sm text-navy-700">
                  Background jobs: what waits for them, their last failure, and e-mails to send again. For administrators.
                </p>
              </li>
              <li>
                <Link to="/staff/discounts">Discounts</Link>
                <p className="text-sm text-navy-700">Promotion codes, single-use issue codes and their claims. For discount managers.</p>
              </li>
              <li>
                <Link to="/staff/products">Products</Link>
                <p className="text-sm text-navy-700">
                  Find a product and edit it: name, details, variant codes, prices now or scheduled. For catalogue managers.
                </p>
              </li>
              {canManageSynonyms(staffRoles) && (
                <li>
                  <Link to={SYNONYMS_PATH}>Search synonyms</Link>
                  <p className="text-sm text-navy-700">Words that mean the same to a shopper, so a search for one finds the others. For catalogue managers.</p>
                </li>
              )}
              <li>
                <Link to="/staff/orders">Orders</Link>
                <p className="text-sm text-navy-700">Find an order and move it on: picking, dispatch with tracking, delivery. For order administrators.</p>
              </li>
              <li>
                <Link to="/staff/stock">Stock</Link>
                <p className="text-sm text-navy-700">
                  Look up a product’s stock and record deliveries; waiting back-in-stock e-mails go out. For order administrators.
                </p>
              </li>
              <li>
                <Link to="/staff/help">Help inbox</Link>
                <p className="text-sm text-navy-700">
                  Enquiries and order requests from the help centre: assign, reply, close; see what is past its answering time. For order administrators.
                </p>
              </li>
              <li>
                <Link to="/staff/reviews">Reviews</Link>
                <p className="text-sm text-navy-700">
                  Publish or reject customers’ reviews, pending ones first; search, export as CSV and see a product’s insights. For review moderators.
                </p>
              </li>
              <li>
                <Link to="/staff/questions">Questions</Link>
                <p className="text-sm text-navy-700">Shoppers’ questions about products: answer and publish them. For review moderators.</p>
              </li>
              <li>
                <Link to="/staff/content">Content</Link>
                <p className="text-sm text-navy-700">
                  Information pages and the announcement bar, footer and delivery promises: drafts, previews, publishing and earlier versions. For content
                  editors.
                </p>
              </li>
              <li>
                <Link to="/staff/newsletter">Newsletter subscribers</Link>
                <p className="text-sm text-navy-700">
                  Who has signed up, confirmed or unsubscribed; download confirmed subscribers as CSV. For content editors.
                </p>
              </li>
              <li>
                <Link to="/staff/reports">Shop reports</Link>
                <p className="text-sm text-navy-700">
                  Sales per day, top sellers and most viewed products, the checkout funnel and searches with no results. For analysts.
                </p>
              </li>
              <li>
                <Link to="/staff/catalogue-requests">Printed-catalogue requests</Link>
                <p className="text-sm text-navy-700">Requests to post the catalogue; download the new ones as CSV for the mailing. For order administrators.</p>
              </li>
              <li>
                <Link to={STAFF_TRADE_PATHS.queue}>Trade applications</Link>
                <p className="text-sm text-navy-700">
                  Approve, question or turn down applications; find trade accounts, change their band and details. For trade account reviewers.
                </p>
              </li>
            </ul>
          </section>
        )}
        <TradeAccountCard trade={profile.roles.includes('trade') || Boolean(profile.tradeAccountId)} />
        <section aria-labelledby="projects" className="rounded-2xl border border-navy-100 bg-white p-6">
          <h2 id="projects" className="text-lg font-bold text-navy-950">
            Projects
          </h2>
          <p className="mt-1 text-sm text-navy-700">The products for each job, shared with your customer or installer and added to your basket in one go.</p>
          <Link to="/account/projects" className="mt-3 inline-block">
            Your projects
          </Link>
        </section>
        <section aria-labelledby="saved-cards" className="rounded-2xl border border-navy-100 bg-white p-6">
          <h2 id="saved-cards" className="text-lg font-bold text-navy-950">
            Saved cards
          </h2>
          <p className="mt-1 text-sm text-navy-700">Cards you saved when you paid: choose the default, change a billing address or remove one.</p>
          <Link to="/account/cards" className="mt-3 inline-block">
            Your saved cards
          </Link>
        </section>
        <section aria-labelledby="address-book" className="rounded-2xl border border-navy-100 bg-white p-6">
          <h2 id="address-book" className="text-lg font-bold text-navy-950">
            Address book
          </h2>
          <p className="mt-1 text-sm text-navy-700">Delivery and billing addresses for checkout, with notes for the courier.</p>
          <Link to="/account/addresses" className="mt-3 inline-block">
            Your addresses
          </Link>
        </section>
        <section aria-labelledby="signing-out" className="rounded-2xl border border-navy-100 bg-sand-50 p-6">
          <h2 id="signing-out" className="text-lg font-bold text-navy-950">
            Finished?
          </h2>
          <p className="mt-1 text-sm text-navy-700">Signing out ends your session on this device.</p>
          {/* A plain form until the page's client knows the shopper: then it signs out (and revokes the tokens it holds). */}
          <form
            method="post"
            action={SIGN_OUT_PATH}
            onSubmit={(event) => {
              if (status !== 'signed-in') return;
              event.preventDefault();
              signOut();
            }}
          >
            <Button type="submit" className="mt-4" variant="secondary" loading={busy}>
              Sign out
            </Button>
          </form>
        </section>
      </div>
      <AccountOrders latest={latest} />
    </div>
  );
}

/** The way to the trade dashboard, or to applying (and to an application already sent). */
function TradeAccountCard({ trade }: { trade: boolean }) {
  return (
    <section aria-labelledby="trade-account" className="rounded-2xl border border-navy-100 bg-white p-6">
      <h2 id="trade-account" className="text-lg font-bold text-navy-950">
        Trade account
      </h2>
      {trade ? (
        <>
          <p className="mt-1 text-sm text-navy-700">Your spend, band, orders and what you order most.</p>
          <Link to={TRADE_PATHS.dashboard} className="mt-3 inline-block">
            Your trade account
          </Link>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-navy-700">Trade prices on everything for your business, ex VAT.</p>
          <ul className="mt-3 space-y-1">
            <li>
              <Link to={TRADE_PATHS.apply}>Open a trade account</Link>
            </li>
            <li>
              <Link to={TRADE_PATHS.application}>Your application</Link>
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
