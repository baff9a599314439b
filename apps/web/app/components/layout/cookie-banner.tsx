import { buttonClasses } from '../ui/button.tsx';

export const COOKIE_SETTINGS_PATH = '/cookies/settings';

/**
 * "Cookies on Plumbline" (GOV.UK's cookie banner pattern): shown until the visitor chooses, with
 * rejecting as easy as accepting. It is a plain form drawn by the server only: the buttons post the
 * choice to the cookie settings page, which sets the cookie and sends the visitor back, so no page
 * carries its code. In the browser this is an element whose server markup React leaves alone (as
 * `lazyComponent` keeps a section's), and it is gone from the next page once a choice is made.
 */
export function CookieBanner({ returnTo }: { returnTo: string }) {
  if (!import.meta.env.SSR) return <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
  return (
    <div className="contents">
      <section aria-labelledby="cookie-banner-heading" className="border-b border-navy-100 bg-sand-100">
        <form method="post" action={COOKIE_SETTINGS_PATH} className="container-page space-y-3 py-5">
          <h2 id="cookie-banner-heading" className="text-lg font-bold text-navy-950">
            Cookies on Plumbline
          </h2>
          <p className="max-w-3xl">
            We use essential cookies to make the shop work. We’d also like to remember the products you look at and link what you do here to you, to show them
            again under “Recently viewed” and suggest others.
          </p>
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" name="consent" value="accepted" className={buttonClasses('primary', 'md')}>
              Accept optional cookies
            </button>
            <button type="submit" name="consent" value="rejected" className={buttonClasses('primary', 'md')}>
              Reject optional cookies
            </button>
            <a href={COOKIE_SETTINGS_PATH} className="link">
              Cookie settings
            </a>
          </div>
        </form>
      </section>
    </div>
  );
}
