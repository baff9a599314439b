import { analyticsClient } from '../api.server.ts';

/**
 * The shopping events of a change a plain form made (posted before the page's scripts ran, or without
 * them), told to the shop by the storefront's server as the page's own scripts would have told it
 * (`track`): for the statistics only, naming no one, since no device id is at hand here. Nothing a
 * shopper sees waits on it failing.
 */
export async function trackFromServer(
  request: Pick<Request, 'headers'>,
  changes: readonly ({ event: string; properties: Record<string, unknown> } | null)[],
): Promise<void> {
  const timestamp = new Date().toISOString();
  const batch = changes.flatMap((change) =>
    change ? [{ type: 'track', event: change.event, messageId: crypto.randomUUID(), timestamp, properties: change.properties }] : [],
  );
  if (batch.length === 0) return;
  await analyticsClient(request)
    .updateActions({ body: { data: { batch }, config: { consent: { personalisation: false } } } })
    .catch(() => undefined);
}
