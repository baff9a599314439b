import { redirect } from 'react-router';
import type { Route } from './+types/price-display';
import { safeReturnPath } from '../lib/auth/callback-url.ts';
import { isVatDisplay, priceDisplayCookie } from '../lib/price-display.ts';

/**
 * The trade price toggle as a plain form (before the page's scripts run, or without them): keeps
 * the choice in its cookie and goes back to the page it was made on.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const show = form.get('show');
  const back = safeReturnPath(form.get('returnTo'));
  if (!isVatDisplay(show)) return redirect(back, 303);
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(back, { status: 303, headers: { 'Set-Cookie': priceDisplayCookie(show, secure) } });
}

export function loader() {
  return redirect('/', 303);
}
