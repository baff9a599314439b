import { Link } from 'react-router';
import { categoryPath, type NavigationCategory } from '../lib/catalogue.ts';
import { CategoryPicture } from './illustrations/category-picture.tsx';
import { Carousel } from './ui/carousel.tsx';
import { ArrowRightIcon } from './ui/icons.tsx';

/** Planning tips drawn from how these products are chosen and fitted (docs/domain.md §2). */
const PROJECT_TIPS = [
  {
    slug: 'showers',
    title: 'Check your water pressure',
    text: 'Every shower lists the minimum pressure it needs. Gravity-fed systems need a low-pressure model or a power shower.',
  },
  {
    slug: 'shower-enclosures',
    title: 'Walk-in or enclosure?',
    text: 'Choose 6, 8 or 10 mm glass, then a tray in the same size with a 90 mm waste.',
  },
  {
    slug: 'baths',
    title: 'Choosing a shower bath',
    text: 'P- and L-shaped baths come left or right handed. The panel and screen must match the hand.',
  },
  {
    slug: 'basins',
    title: 'Small cloakroom?',
    text: 'Cloakroom basins and short-projection toilets fit tight spaces. A basin with an overflow needs a slotted waste.',
  },
  {
    slug: 'radiators',
    title: 'Warm up the room',
    text: 'Compare heat output in BTU at ΔT50, and order a pair of valves in a matching finish.',
  },
  {
    slug: 'tiles',
    title: 'Tiling the walls',
    text: 'Tiles are priced per m². Allow about 10% extra for cuts and breakages, plus adhesive and grout.',
  },
  {
    slug: 'plumbing-fittings',
    title: 'First fix',
    text: 'Push-fit, compression or solder: match 15 mm and 22 mm fittings to the pipe you are joining.',
  },
];

export function ProjectCarousel({ categories, className }: { categories: readonly NavigationCategory[]; className?: string }) {
  const tips = PROJECT_TIPS.flatMap((tip) => {
    const category = categories.find((candidate) => candidate.slug === tip.slug);
    return category ? [{ ...tip, category }] : [];
  });
  if (tips.length === 0) return null;

  return (
    <Carousel
      label="Planning tips"
      className={className}
      heading={
        <div>
          <h2 className="text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">Planning a project?</h2>
          <p className="mt-1 text-navy-700">What to check before you order.</p>
        </div>
      }
      slides={tips.map((tip) => (
        <article key={tip.slug} className="flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-navy-100">
          <div className="aspect-[16/9] bg-gradient-to-br from-teal-50 to-teal-100/60">
            <CategoryPicture lazy slug={tip.slug} className="size-full p-4" />
          </div>
          <div className="flex flex-1 flex-col p-5">
            <h3 className="text-lg font-bold tracking-tight text-navy-950">{tip.title}</h3>
            <p className="mt-2 flex-1 text-navy-700">{tip.text}</p>
            <Link
              to={categoryPath(tip.category.slug)}
              className="mt-4 inline-flex items-center gap-1.5 self-start rounded font-semibold text-teal-700 hover:underline"
            >
              Shop {tip.category.name.toLowerCase()}
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        </article>
      ))}
    />
  );
}
