import type { Route } from './+types/auth-silent-callback';
import { CallbackFrame } from '../components/auth/callback-frame.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

export const handle: RouteHandle = { frame: 'bare' };

export const meta: Route.MetaFunction = () => [...pageMeta('Signing in', 'Renewing a Plumbline sign-in.'), { name: 'robots', content: 'noindex' }];

/** Where the provider returns the hidden frame of a quiet sign-in or renewal. */
export default function SilentCallbackPage() {
  return <CallbackFrame kind="silent" />;
}
