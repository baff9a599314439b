import { useEffect } from 'react';
import { redirect } from 'react-router';
import type { Route } from './+types/cookie-settings';
import { PageHeader } from '../components/layout/page-header.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { safeReturnPath } from '../lib/auth/callback-url.ts';
import { isSecureRequest } from '../lib/auth/session.server.ts';
import { consentCookie, consentFromCookie, forgetRememberedItems, isConsentChoice } from '../lib/consent.ts';
import { pageMeta } from '../lib/meta.ts';
import { isSameOriginPost } from '../lib/same-origin-post.ts';

/**
 * Cookie settings: the visitor's choice about cookies that remember them (`lib/consent.ts`), made
 * here or in the banner, whose buttons post to this page's action. A plain form: the choice is
 * kept in its cookie and the visitor sent back to the page they chose on (the banner's), or here.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get('consent');
  const fromBanner = form.has('returnTo');
  const back = fromBanner ? safeReturnPath(refererPath(request) ?? form.get('returnTo')) : `/cookies/settings?saved=${isConsentChoice(choice) ? choice : ''}`;
  // Another site's form must not choose for the visitor.
  if (!isConsentChoice(choice) || !isSameOriginPost(request.headers, request.url)) return redirect(fromBanner ? back : '/cookies/settings', 303);
  return redirect(back, { status: 303, headers: { 'Set-Cookie': consentCookie(choice, isSecureRequest(request)) } });
}

/** The page the banner was pressed on, as the browser said (its address may have moved on since the server drew the banner). */
function refererPath(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

export function loader({ request }: Route.LoaderArgs) {
  const saved = new URL(request.url).searchParams.get('saved');
  return { choice: consentFromCookie(request.headers.get('cookie') ?? ''), saved: isConsentChoice(saved) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Cookie settings', 'Choose whether Plumbline may remember the products you look at on this browser and link what you do in the shop to you.');

const CHOICES = [
  { value: 'accepted', label: 'Yes, remember me' },
  { value: 'rejected', label: 'No, do not remember me' },
] as const;

export default function CookieSettingsPage({ loaderData }: Route.ComponentProps) {
  const { choice, saved } = loaderData;
  // Said no after saying yes: what this browser kept is removed now.
  useEffect(() => void (choice !== 'accepted' && forgetRememberedItems()), [choice]);
  return (
    <>
      <PageHeader
        title="Cookie settings"
        trail={[{ label: 'Cookie settings' }]}
        intro={<p>Choose whether we may remember you. You can change your mind at any time, on this page.</p>}
      />
      <div className="container-page max-w-3xl space-y-8 py-10 lg:py-12">
        {saved && choice && (
          <div role="status" className="rounded-lg border border-teal-700 bg-teal-50 p-4 text-navy-950">
            <p className="font-semibold">You’ve set your cookie settings.</p>
          </div>
        )}
        <section aria-labelledby="essential-heading" className="space-y-2">
          <h2 id="essential-heading" className="section-heading">
            Cookies that make the shop work
          </h2>
          <p className="text-navy-800">
            They keep your basket, sign you in and take payments, so they are always on. The{' '}
            <a href="/cookies" className="link">
              cookie notice
            </a>{' '}
            lists each one.
          </p>
        </section>
        <section aria-labelledby="statistics-heading" className="space-y-2">
          <h2 id="statistics-heading" className="section-heading">
            Counting without remembering you
          </h2>
          <p className="text-navy-800">
            We count which products are viewed, what is searched for (and found) and how far people get through checkout, to improve the shop. Nothing is stored
            on your device for this and nothing counted is linked to you or to this browser.
          </p>
        </section>
        <form method="post" className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="section-heading">Do you want us to remember you?</legend>
            <p className="text-navy-800">
              With your permission this browser keeps the products you look at, to show them under “Recently viewed”, and what you do in the shop is linked to
              this browser, and to your account when you sign in, so we can show you them on your other devices too and suggest products.
            </p>
            {CHOICES.map((option) => (
              <div key={option.value} className="flex items-center gap-3">
                <input
                  type="radio"
                  id={`consent-${option.value}`}
                  name="consent"
                  value={option.value}
                  defaultChecked={choice === option.value}
                  className="size-5 accent-teal-700"
                />
                <label htmlFor={`consent-${option.value}`}>{option.label}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className={buttonClasses('primary', 'md')}>
            Save cookie settings
          </button>
        </form>
        <p className="text-navy-800">
          {choice === 'accepted' && 'You have said yes: we remember you on this browser.'}
          {choice === 'rejected' && 'You have said no: nothing that remembers you is kept on this browser.'}
          {choice === null && 'You have not chosen yet: nothing that remembers you is kept until you say yes.'}
        </p>
      </div>
    </>
  );
}
