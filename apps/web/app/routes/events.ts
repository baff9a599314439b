import type { Route } from './+types/events';
import { acceptEventsBeacon } from '../lib/events/events-beacon.server.ts';

/**
 * `/events`, the shopping events' beacons (lib/events/events-beacon.server.ts). The shop's server
 * answers them itself before any page's routing (apps/server/src/web.ts); this route answers them
 * where the storefront runs without it (`npm run dev`).
 */
export async function action({ request }: Route.ActionArgs) {
  const status = await acceptEventsBeacon({ url: request.url, headers: request.headers, text: await request.text() });
  return new Response(null, { status });
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: 'POST' } });
}
