import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  DAMAGE_REPORT_HOURS,
  DELIVERY_RATES,
  formatPenceShort,
  MISSING_REPORT_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
  type ContentBlock,
} from '@shop/contracts';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ContentBlocks } from '../../components/content/content-blocks.tsx';
import { NewsletterForm } from '../../components/layout/newsletter-form.tsx';
import { drawBlocks } from './content-page.server.ts';
import type { DrawnBlock } from './drawn-page.ts';
import { anchorHeadings } from './heading-anchors.ts';

/** A legal page as the migrations seed it: the last migration that writes the page's document. */
function seededBlocks(slug: string): ContentBlock[] {
  const folder = fileURLToPath(new URL('../../../../api/drizzle/', import.meta.url));
  const seeding = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .toSorted()
    .map((name) => readFileSync(`${folder}${name}`, 'utf8'))
    .filter((sql) => sql.includes(`'page:${slug}'`));
  const document = seeding.at(-1)?.match(/\$json\$(.*?)\$json\$/s)?.[1];
  if (!document) throw new Error(`no migration seeds the page ${slug}`);
  return (JSON.parse(document) as { blocks: ContentBlock[] }).blocks;
}

/** Every id a drawn page's headings carry (facts and tables do not make headings, so the seeded blocks draw as they are). */
const headingIds = (blocks: ContentBlock[]) =>
  anchorHeadings(blocks as DrawnBlock[]).flatMap((block) =>
    block.type === 'richText' ? block.body.flatMap((node) => (node.kind === 'heading' ? [node.id] : [])) : [],
  );

const draw = (element: ReactElement) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={['/']} />);
};

describe('links into the privacy notice', () => {
  it('from the newsletter form lead to a heading of the notice as seeded', () => {
    const links = [...draw(<NewsletterForm id="footer" source="footer" />).matchAll(/href="\/privacy#([^"]+)"/g)].map((match) => match[1]);
    expect(links).toHaveLength(1);
    expect(headingIds(seededBlocks('privacy'))).toEqual(expect.arrayContaining(links));
  });
});

describe('the terms of sale as seeded', () => {
  it('keep the anchors their sections had, and their links within the page lead to headings of it', () => {
    const blocks = seededBlocks('terms');
    const ids = headingIds(blocks);
    expect(ids).toEqual(expect.arrayContaining(['right-to-cancel', 'returns', 'business-customers', 'cancellation-form']));
    const within = [...JSON.stringify(blocks).matchAll(/"href":"#([^"]+)"/g)].map((match) => match[1]);
    expect(within).toEqual(['business-customers', 'cancellation-form']);
    expect(ids).toEqual(expect.arrayContaining(within));
  });

  it('state the policy’s windows and the large-item rate as the shop has them now, and quote the model cancellation form', async () => {
    // No API to answer: the shop's details are not at hand, so their facts show the editor's words; the policy's are the policy's.
    vi.stubEnv('API_INTERNAL_URL', 'http://127.0.0.1:9/api');
    const html = draw(<ContentBlocks blocks={await drawBlocks(new Request('http://shop.test/terms'), {}, seededBlocks('terms'))} />);
    vi.unstubAllEnvs();
    const terms = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(terms).toContain(`until ${CANCELLATION_PERIOD_DAYS} days after the day you receive it`);
    expect(terms).toContain(`within ${SEND_BACK_WITHIN_DAYS} days of telling us`);
    expect(terms).toContain(`Our ${CHANGE_OF_MIND_RETURN_DAYS}-day returns`);
    expect(terms).toContain(`within ${REFUND_WITHIN_DAYS} days of getting`);
    expect(terms).toContain(`damage within ${DAMAGE_REPORT_HOURS} hours and missing items within ${MISSING_REPORT_DAYS} days`);
    expect(terms).toContain(`within ${WEEE_TAKE_BACK_DAYS} days`);
    expect(terms).toContain(`${formatPenceShort(DELIVERY_RATES.large_kerbside.pricePence)} for standard large-item delivery`);
    expect(html).toContain('<h2 id="cancellation-form" class="scroll-mt-6">Model cancellation form</h2>');
    expect(html).toContain('<a href="#business-customers" class="link">the section on business customers</a>');
    expect(html).toMatch(/<blockquote [^>]*><p>To our company, our address, customer service:<\/p><p>I\/We \[\*\] hereby give notice/);
  });
});
