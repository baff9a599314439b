import { Outlet } from 'react-router';
import type { Route } from './+types/account-layout';
import { signedInGate, viewerOf } from '../lib/auth/signed-in-layout.server.ts';
import { oneShotNotices } from '../lib/step-done.server.ts';

// Everything below /account is the signed-in shopper's: a visitor who is not signed in is sent to
// sign in and brought back, before any of its pages loads anything (decision 0063). What a step
// did is said once, just after it (`oneShotNotices`).
export const middleware: Route.MiddlewareFunction[] = [signedInGate(), oneShotNotices];

export function loader({ request }: Route.LoaderArgs) {
  return { viewer: viewerOf(request) };
}

export default function AccountSection() {
  return <Outlet />;
}
