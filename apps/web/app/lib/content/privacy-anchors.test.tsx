import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@shop/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NewsletterForm } from '../../components/layout/newsletter-form.tsx';
import type { DrawnBlock } from './drawn-page.ts';
import { anchorHeadings } from './heading-anchors.ts';

/** The privacy notice as the migrations seed it: the last migration that writes the page's document. */
function seededPrivacyBlocks(): ContentBlock[] {
  const folder = fileURLToPath(new URL('../../../../api/drizzle/', import.meta.url));
  const seeding = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .toSorted()
    .map((name) => readFileSync(`${folder}${name}`, 'utf8'))
    .filter((sql) => sql.includes("'page:privacy'"));
  const document = seeding.at(-1)?.match(/\$json\$(.*?)\$json\$/s)?.[1];
  if (!document) throw new Error('no migration seeds the privacy notice');
  return (JSON.parse(document) as { blocks: ContentBlock[] }).blocks;
}

/** Every id a drawn page's headings carry (facts and tables do not make headings, so the seeded blocks draw as they are). */
const headingIds = (blocks: ContentBlock[]) =>
  anchorHeadings(blocks as DrawnBlock[]).flatMap((block) =>
    block.type === 'richText' ? block.body.flatMap((node) => (node.kind === 'heading' ? [node.id] : [])) : [],
  );

describe('links into the privacy notice', () => {
  it('from the newsletter form lead to a heading of the notice as seeded', () => {
    const Stub = createRoutesStub([{ path: '/', Component: () => <NewsletterForm id="footer" source="footer" /> }]);
    const html = renderToStaticMarkup(<Stub initialEntries={['/']} />);
    const links = [...html.matchAll(/href="\/privacy#([^"]+)"/g)].map((match) => match[1]);
    expect(links).toHaveLength(1);
    expect(headingIds(seededPrivacyBlocks())).toEqual(expect.arrayContaining(links));
  });
});
