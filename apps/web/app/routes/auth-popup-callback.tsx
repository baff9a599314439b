import type { Route } from './+types/auth-popup-callback';
import { CallbackFrame } from '../components/auth/callback-frame.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

export const handle: RouteHandle = { frame: 'bare' };

export const meta: Route.MetaFunction = () => [...pageMeta('Signing in', 'Finishing signing in to Plumbline.'), { name: 'robots', content: 'noindex' }];

/** Where the provider returns the sign-in popup. */
export default function PopupCallbackPage() {
  return <CallbackFrame kind="popup" />;
}
