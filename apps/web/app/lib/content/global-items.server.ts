import type { GlobalItemContent } from '@shop/contracts';
import { siteContentClient } from '../api.server.ts';
import { sharedAnswer } from '../shared-answer.server.ts';
import { packFooterColumns } from './frame-items.ts';

export interface FrameItems {
  /** The announcement bar while it is scheduled to show. */
  announcement: GlobalItemContent<'announcement-bar'> | null;
  /** The footer's columns of links staff edit, packed (frame-items.ts). */
  footerColumns: string;
}

/**
 * The global items every page's frame shows (decision 0085), the same for every visitor: kept 10 s
 * like the shop's details. An item the API cannot give is left out of the frame rather than invented.
 */
export const loadFrameItems: (request: Request, requestContext: object) => Promise<FrameItems> = sharedAnswer(10_000, async (request) => {
  const client = siteContentClient(request);
  const [announcement, footer] = await Promise.all(
    (['announcement-bar', 'footer-columns'] as const).map((id) =>
      client.getGlobalItem({ params: { id } }).catch((error: unknown) => {
        process.stderr.write(`[web] global item ${id} unavailable: ${String(error)}\n`);
        return null;
      }),
    ),
  );
  return {
    announcement: (announcement?.content as FrameItems['announcement'] | undefined) ?? null,
    footerColumns: packFooterColumns((footer?.content as GlobalItemContent<'footer-columns'> | null | undefined)?.columns ?? []),
  };
});
