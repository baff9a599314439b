import type { SavedAddress, TradeApplication, TradeBand } from '@shop/contracts';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/trade-apply';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ApplicationFields, TradeFormErrors, type TradeFormFailure } from '../components/trade/application-fields.tsx';
import { SignInFirst, TradeBandsList } from '../components/trade/trade-panels.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Link } from '../components/ui/link.tsx';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { applicationErrors, applicationFromForm, documentErrors, documentsFromForm, signedOutProblem, typedValues } from '../lib/trade/application-form.ts';
import { loadTradeBands, MAX_TRADE_FORM_BYTES, tradeClientFor, uploadAll } from '../lib/trade/trade-api.server.ts';
import { tooLargeToRead, typedFieldsOf } from '../lib/uploads/posted-form.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { holdsTradeAccount } from '../lib/trade/use-trade-customer.ts';
import { readShopSession } from '../lib/auth/session.server.ts';
import { finderStep, savedAddressStep, savedAddressesFor } from '../lib/addresses/address-finder.server.ts';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { enterFindsAddress, FORM_DEFAULT_ATTRIBUTE } from '../lib/addresses/enter-finds-address.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Open a trade account', 'Apply for a Plumbline trade account: trade prices on everything, rising with your spend.'),
];

/** Who is applying (the storefront's session, decision 0063): whether they trade already, and any application of theirs. */
interface Applicant {
  trade: boolean;
  application: TradeApplication | null;
}

/** The bands, and for a signed-in customer what they have applied for: the page is drawn by the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = readShopSession(request);
  const bands = loadTradeBands(request);
  if (!session) return { bands: await bands, applicant: null, saved: null };
  const saved = savedAddressesFor(request);
  const trade = holdsTradeAccount(session.profile);
  const application = trade
    ? null
    : await tradeClientFor(request, session)
        .getMyTradeApplication()
        .catch((error: unknown) => {
          throwIfRateLimited(error);
          // None yet (404), or the API could not say: the form, as for a first application.
          return null;
        });
  return { bands: await bands, applicant: { trade, application } satisfies Applicant, saved: await saved };
}

const NO_PROBLEMS = { fields: [], problem: null };

/** The documents were too large together to be read at all. */
const TOO_LARGE = 'The documents are too large: choose up to 3 files, each smaller than 5MB.';

/**
 * The application posted as a plain multipart form, whether the page's scripts sent it or the
 * browser did: documents are checked first (nothing is stored when one is refused), then the
 * application is sent, then each document is added to it. Refused, the form is drawn again with what
 * was typed and why; sent, the applicant goes to the application's page.
 */
export async function action({ request }: Route.ActionArgs) {
  if (tooLargeToRead(request, MAX_TRADE_FORM_BYTES))
    return data<TradeFormFailure>({ values: typedValues(await typedFieldsOf(request)), errors: { fields: [], problem: TOO_LARGE } }, { status: 413 });
  const form = await request.formData();
  // "Find address" and "Use a saved address": the form again with the addresses found or the fields filled (documents are chosen again).
  const found = await finderStep(request, form, 'address.');
  const filled = found ?? (await savedAddressStep(request, form, 'address.'));
  if (filled) return data<TradeFormFailure>({ values: filled.values as Record<string, string>, errors: NO_PROBLEMS, finder: found?.finder });
  const values = typedValues(form);
  const documents = documentsFromForm(form);
  const documentNames = documents.map((document) => document.file.name);
  const refuse = (errors: TradeFormFailure['errors']) => data<TradeFormFailure>({ values, errors, documentNames }, { status: 400 });

  const session = readShopSession(request);
  if (!session) return refuse({ fields: [], problem: signedOutProblem('application') });
  const refused = await documentErrors(documents);
  if (refused.length > 0) return refuse({ fields: refused, problem: null });

  const client = tradeClientFor(request, session);
  try {
    await client.submitTradeApplication({ body: applicationFromForm(form) });
  } catch (error) {
    return refuse(applicationErrors(error));
  }
  const notAdded = await uploadAll(client, documents);
  return redirectWithNotice(request, `${TRADE_PATHS.application}?sent=1${notAdded > 0 ? `&notAdded=${notAdded}` : ''}`);
}

/**
 * "Open a trade account": the application form for a signed-in customer, drawn by the server so it
 * can be filled in before the page's scripts run; a visitor who is not signed in is asked to sign in
 * or create an account first.
 */
export default function TradeApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Open a trade account"
        intro={<p>Trade prices on everything in the shop, ex VAT, for plumbers, heating engineers, fitters, builders and the businesses they work for.</p>}
        trail={[{ label: 'Trade accounts', to: helpPath('trade-accounts') }, { label: 'Open a trade account' }]}
      />
      <div className="container-page py-8 lg:py-10">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="min-w-0">
            <ApplyContent applicant={loaderData.applicant} failure={actionData} saved={loaderData.saved} />
          </div>
          <AboutApplying bands={loaderData.bands} />
        </div>
      </div>
    </>
  );
}

function ApplyContent({ applicant, failure, saved }: { applicant: Applicant | null; failure: TradeFormFailure | undefined; saved: SavedAddress[] | null }) {
  if (!applicant) return <SignInFirst returnTo={TRADE_PATHS.apply} what="apply for a trade account" />;
  if (applicant.trade) return <HasTradeAccount />;
  // Someone who has applied already is shown their application, not a second form.
  const { application } = applicant;
  if (application && application.status !== 'disapproved') return <AlreadyApplied application={application} />;
  return <ApplyForm failure={failure} previous={application} saved={saved} />;
}

function ApplyForm({ failure, previous, saved }: { failure: TradeFormFailure | undefined; previous: TradeApplication | null; saved: SavedAddress[] | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === TRADE_PATHS.apply;
  return (
    <Form
      method="post"
      action={TRADE_PATHS.apply}
      encType="multipart/form-data"
      noValidate
      onSubmit={enterFindsAddress}
      className="space-y-6"
      aria-label="Trade account application"
    >
      <TradeFormErrors errors={failure?.errors} />
      {previous?.status === 'disapproved' && (
        <p className="rounded-xl bg-sand-100 p-4 text-navy-900">
          Your last application was not approved{previous.disapprovalReason ? `: ${previous.disapprovalReason}` : '.'} You can apply again below.
        </p>
      )}
      <p className="text-navy-700">All fields are needed unless they say “optional”.</p>
      <ApplicationFields
        values={failure?.values ?? {}}
        errors={failure?.errors}
        documentNames={failure?.documentNames}
        lookup={{ finder: failure?.finder ?? null, saved }}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" loading={sending} {...{ [FORM_DEFAULT_ATTRIBUTE]: '' }}>
          Send application
        </Button>
        <p className="text-sm text-navy-700">
          We’ll e-mail you when it is decided, or if we need to know more. See <Link to={TRADE_PATHS.terms}>the trade terms</Link>.
        </p>
      </div>
    </Form>
  );
}

function HasTradeAccount() {
  return (
    <section aria-labelledby="has-trade" className="rounded-2xl border border-teal-200 bg-teal-50 p-6">
      <h2 id="has-trade" className="text-xl font-bold text-navy-950">
        You already have a trade account
      </h2>
      <p className="mt-2 text-navy-800">Your trade prices show across the shop while you are signed in.</p>
      <ButtonLink to={TRADE_PATHS.dashboard} className="mt-4">
        Go to your trade account
      </ButtonLink>
    </section>
  );
}

function AlreadyApplied({ application }: { application: TradeApplication }) {
  const approved = application.status === 'approved';
  return (
    <section aria-labelledby="already-applied" className="rounded-2xl border border-navy-100 bg-white p-6">
      <h2 id="already-applied" className="text-xl font-bold text-navy-950">
        {approved ? 'Your application was approved' : 'You have already applied'}
      </h2>
      <p className="mt-2 text-navy-800">
        {approved
          ? 'Your trade account is open: your trade prices show across the shop while you are signed in.'
          : `Your application for ${application.details.legalName} is open: you can follow it, answer our questions and add documents on its page.`}
      </p>
      <ButtonLink to={TRADE_PATHS.application} className="mt-4">
        See your application
      </ButtonLink>
    </section>
  );
}

/** Beside the form: what a trade account gives and what happens after applying. */
function AboutApplying({ bands }: { bands: TradeBand[] }) {
  return (
    <aside aria-labelledby="about-applying" className="space-y-5 rounded-2xl bg-sand-100 p-6 lg:sticky lg:top-6">
      <h2 id="about-applying" className="text-lg font-bold text-navy-950">
        What happens next
      </h2>
      <ol className="list-decimal space-y-2 pl-5 text-sm text-navy-800">
        <li>Our trade team reviews your application and any documents.</li>
        <li>If we need to know more, we e-mail you a question: answer it on your application’s page.</li>
        <li>We e-mail you the decision. Once approved, sign in again and you see trade prices everywhere in the shop.</li>
      </ol>
      {bands.length > 0 && (
        <div>
          <h3 className="font-bold text-navy-950">Trade bands</h3>
          <p className="mt-1 text-sm text-navy-700">Discounts come off ex-VAT prices. Your band rises by itself as your 12-month spend (ex VAT) grows.</p>
          <TradeBandsList bands={bands} className="mt-3" />
        </div>
      )}
      <p className="text-sm text-navy-700">
        Questions? See <Link to={helpPath('trade-accounts')}>trade accounts in our help centre</Link>.
      </p>
    </aside>
  );
}
