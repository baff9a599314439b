import { Outlet } from 'react-router';
import type { Route } from './+types/staff-layout';
import { STAFF_ROLES } from '../lib/auth/claims.ts';
import { signedInGate, viewerOf } from '../lib/auth/signed-in-layout.server.ts';
import { oneShotNotices } from '../lib/step-done.server.ts';

// The back-office: signed-out visitors are sent to sign in; anyone without a staff role gets the
// shop's 404, as the API answers them, with no staff page or data in the answer (decision 0063).
// What a step did is said once, just after it (`oneShotNotices`).
export const middleware: Route.MiddlewareFunction[] = [signedInGate(STAFF_ROLES), oneShotNotices];

export function loader({ request }: Route.LoaderArgs) {
  return { viewer: viewerOf(request) };
}

export default function StaffSection() {
  return <Outlet />;
}
