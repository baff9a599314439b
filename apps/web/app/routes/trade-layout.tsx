import { Outlet } from 'react-router';
import type { Route } from './+types/trade-layout';
import { viewerOf } from '../lib/auth/signed-in-layout.server.ts';
import { oneShotNotices } from '../lib/step-done.server.ts';

// The trade hub is open to everyone (what trade accounts are, the terms); its pages read who is
// signed in from here, on the server (decision 0063). What a step did is said once (`oneShotNotices`).
export const middleware: Route.MiddlewareFunction[] = [oneShotNotices];

export function loader({ request }: Route.LoaderArgs) {
  return { viewer: viewerOf(request) };
}

export default function TradeSection() {
  return <Outlet />;
}
