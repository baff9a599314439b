import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DrawnBlock, DrawnRichText, DrawnRun } from '../../lib/content/drawn-page.ts';
import { productPath } from '../../lib/catalogue.ts';
import { Price } from '../ui/price.tsx';
import { StackedRows, Table } from '../../content/content-table.tsx';

/**
 * A content page's blocks (decision 0085), drawn on the server. Every string is drawn as text, never
 * as markup; links are only those the API let through (a path of the shop, https, mailto, tel). The
 * FAQ is `<details>`, so nothing here needs the page's scripts: this module belongs to the chunks of
 * the routes that draw content pages only.
 */
export function ContentBlocks({ blocks }: { blocks: readonly DrawnBlock[] }) {
  return (
    <div className="space-y-10">
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

/** A path of the shop is a router link (no reload); any other address a plain one. */
function Href({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return href.startsWith('/') ? (
    <RouterLink to={href} className={className}>
      {children}
    </RouterLink>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

function Run({ run }: { run: DrawnRun }) {
  let node: ReactNode = run.text;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  return run.href ? (
    <Href href={run.href} className="link">
      {node}
    </Href>
  ) : (
    node
  );
}

const Runs = ({ runs }: { runs: readonly DrawnRun[] }) => runs.map((run, index) => <Run key={index} run={run} />);

export function RichText({ body }: { body: DrawnRichText }) {
  return (
    <div className="prose max-w-3xl">
      {body.map((node, index) => {
        switch (node.kind) {
          case 'heading':
            return node.level === 3 ? (
              <h3 key={index} id={node.id} className="scroll-mt-6">
                {node.text}
              </h3>
            ) : (
              <h2 key={index} id={node.id} className="scroll-mt-6">
                {node.text}
              </h2>
            );
          case 'paragraph':
            return (
              <p key={index}>
                <Runs runs={node.content} />
              </p>
            );
          // Words quoted as they stand (the terms' model cancellation form), each line a paragraph.
          case 'quote':
            return (
              <blockquote key={index} className="mt-3.5 space-y-2 rounded-xl border border-navy-100 bg-sand-100 p-4 text-navy-900">
                {node.paragraphs.map((line, lineIndex) => (
                  <p key={lineIndex}>
                    <Runs runs={line} />
                  </p>
                ))}
              </blockquote>
            );
          case 'list': {
            const items = node.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Runs runs={item} />
              </li>
            ));
            return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case 'shopTable':
            return (
              <Table
                key={index}
                caption={node.caption}
                head={node.head}
                rows={node.rows.map((row) =>
                  row.map((cell) =>
                    typeof cell === 'string' ? (
                      cell
                    ) : (
                      <>
                        <span className="font-bold text-navy-950 tabular-nums">{cell.amount}</span>
                        {cell.note && <span className="block text-xs text-teal-700">{cell.note}</span>}
                      </>
                    ),
                  ),
                )}
              />
            );
          case 'storedItems':
            return (
              <StackedRows
                key={index}
                label={node.caption}
                headings={['Name', 'What it is for', 'How long it lasts']}
                rows={node.items.map((item) => ({
                  key: item.names.join(),
                  cells: [
                    item.names.map((name) => (
                      <code key={name} className="block break-all">
                        {name}
                      </code>
                    )),
                    item.purpose,
                    item.lasts,
                  ],
                }))}
              />
            );
          // Three columns of long words (the privacy notice's): side by side on wider screens, stacked on a phone.
          case 'table':
            if (node.head.length === 3)
              return (
                <StackedRows
                  key={index}
                  label={node.caption}
                  headings={node.head as [string, string, string]}
                  rows={node.rows.map((row, rowIndex) => ({ key: String(rowIndex), cells: [row[0] ?? '', row[1] ?? '', row[2] ?? ''] }))}
                />
              );
            return (
              <div key={index} className="overflow-x-auto">
                <table>
                  <caption className="text-left font-semibold">{node.caption}</caption>
                  <thead>
                    <tr>
                      {node.head.map((cell, cellIndex) => (
                        <th key={cellIndex} scope="col">
                          {cell}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {node.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((cell, cellIndex) => (
                          <td key={cellIndex}>{cell}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}

const linkButton = 'inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-5 font-semibold text-white hover:bg-teal-800';

function Block({ block }: { block: DrawnBlock }) {
  switch (block.type) {
    case 'hero':
      return (
        <section className="grid items-center gap-6 rounded-2xl bg-sand-100 p-6 md:grid-cols-2 md:p-10">
          <div>
            {block.eyebrow && <p className="text-sm font-semibold tracking-widest text-teal-700 uppercase">{block.eyebrow}</p>}
            <h2 className="text-3xl font-extrabold tracking-tight text-navy-950">{block.heading}</h2>
            {block.text && <p className="mt-3 text-lg text-navy-800">{block.text}</p>}
            {((block.href && block.linkLabel) || block.secondaryLink) && (
              <p className="mt-5 flex flex-wrap gap-3">
                {block.href && block.linkLabel && (
                  <Href href={block.href} className={linkButton}>
                    {block.linkLabel}
                  </Href>
                )}
                {block.secondaryLink && (
                  <Href href={block.secondaryLink.href} className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-4">
                    {block.secondaryLink.label}
                  </Href>
                )}
              </p>
            )}
          </div>
          {block.image && <img src={block.image.src} alt={block.image.decorative ? '' : block.image.alt} className="w-full rounded-xl" loading="lazy" />}
        </section>
      );
    case 'richText':
      return <RichText body={block.body} />;
    case 'image':
      return (
        <figure className="flex max-w-3xl flex-wrap items-center gap-4 rounded-xl bg-sand-100 p-4">
          <img src={block.src} alt={block.decorative ? '' : block.alt} className="max-h-96 max-w-full" loading="lazy" />
          {block.caption && <figcaption className="min-w-0 flex-1 basis-60 text-sm text-navy-800">{block.caption}</figcaption>}
        </figure>
      );
    case 'productCarousel':
      return (
        <section aria-label={block.heading}>
          <h2 className="section-heading">{block.heading}</h2>
          <ul className="mt-4 grid snap-x auto-cols-[minmax(11rem,14rem)] grid-flow-col gap-4 overflow-x-auto pb-2">
            {block.products.map((product) => (
              <li key={product.slug} className="snap-start rounded-xl border border-navy-100 p-3">
                <RouterLink to={productPath(product.slug)} className="block font-medium text-navy-950 hover:underline">
                  <img
                    src={product.image.url}
                    alt={product.image.alt}
                    className="aspect-square w-full object-contain"
                    loading="lazy"
                    width={176}
                    height={176}
                  />
                  <span className="mt-2 block">{product.name}</span>
                </RouterLink>
                <Price pence={product.pricePence} size="sm" />
              </li>
            ))}
          </ul>
        </section>
      );
    case 'categoryTiles':
      return (
        <section aria-label={block.heading}>
          <h2 className="section-heading">{block.heading}</h2>
          {block.text && <p className="mt-1 text-navy-700">{block.text}</p>}
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {block.categories.map((category) => (
              <li key={category.path}>
                <RouterLink
                  to={category.path}
                  className="flex min-h-16 items-center rounded-xl border border-navy-100 p-4 font-semibold text-navy-950 hover:border-teal-300"
                >
                  {category.name}
                </RouterLink>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'promotionBanner':
      return (
        <section className="on-dark rounded-2xl bg-navy-950 p-6 text-white md:p-8">
          <h2 className="text-2xl font-bold">{block.heading}</h2>
          {block.text && <p className="mt-2 text-navy-100">{block.text}</p>}
          <p className="mt-4">
            <Href href={block.href} className="font-semibold underline underline-offset-4">
              {block.linkLabel}
            </Href>
          </p>
        </section>
      );
    case 'faq':
      return (
        <section className="max-w-3xl">
          <h2 className="section-heading">{block.heading}</h2>
          <div className="mt-4 divide-y divide-navy-100 rounded-xl border border-navy-100">
            {block.items.map((item, index) => (
              <details key={index} className="group px-4 py-3">
                <summary className="cursor-pointer font-semibold text-navy-950">{item.question}</summary>
                <div className="mt-2">
                  <RichText body={item.answer} />
                </div>
              </details>
            ))}
          </div>
        </section>
      );
    case 'callToAction':
      return (
        <section className="flex max-w-3xl flex-col gap-4 rounded-2xl border border-teal-100 bg-teal-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-bold text-navy-950">{block.heading}</h2>
            {block.text && <p className="mt-1 text-navy-800">{block.text}</p>}
          </div>
          <Href href={block.href} className={linkButton}>
            {block.linkLabel}
          </Href>
        </section>
      );
  }
}
