import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/styleguide';
import { CategoryIllustration } from '../components/illustrations/index.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Carousel } from '../components/ui/carousel.tsx';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Price } from '../components/ui/price.tsx';
import { RatingStars } from '../components/ui/rating-stars.tsx';
import { Select } from '../components/ui/select.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { pageMeta } from '../lib/meta.ts';

// The shop's base components on one page, for the people building the shop and for the browser
// tests (axe scans this page too). Values here are examples, not catalogue data.

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Component examples', 'The Plumbline storefront components.'),
  { name: 'robots', content: 'noindex, nofollow' },
];

function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`example-${title}`} className="border-b border-navy-100 py-8">
      <h2 id={`example-${title}`} className="text-lg font-bold text-navy-950">
        {title}
      </h2>
      <div className="mt-4 flex flex-wrap items-start gap-4">{children}</div>
    </section>
  );
}

const FINISHES = [
  { value: 'chrome', label: 'Chrome' },
  { value: 'matt-black', label: 'Matt black' },
  { value: 'brushed-brass', label: 'Brushed brass' },
];
const SLIDES = ['baths', 'showers', 'radiators', 'taps', 'tiles'];

export default function Styleguide() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [searchParams] = useSearchParams();
  const page = Number(searchParams.get('page') ?? '1') || 1;
  const toast = useToast();

  return (
    <>
      <PageHeader title="Component examples" intro={<p>Sample values only: these are not products or prices.</p>} />
      <div className="container-page pb-12">
        <Example title="Buttons">
          <Button>Primary</Button>
          <Button variant="accent">Accent</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <Button loading>Saving</Button>
          <ButtonLink to="/help" variant="secondary">
            Link as a button
          </ButtonLink>
          <p className="self-center">
            An <Link to="/help">in-text link</Link>.
          </p>
        </Example>

        <Example title="Form controls">
          <div className="grid w-full max-w-md gap-5">
            <FormField label="Postcode" hint="For example, SW1A 1AA">
              {(control) => <Input {...control} autoComplete="postal-code" />}
            </FormField>
            <FormField label="Email address" error="Enter an email address in the correct format, like name@example.com">
              {(control) => <Input {...control} type="email" defaultValue="sam@example" />}
            </FormField>
            <FormField label="Finish">{(control) => <Select {...control} options={FINISHES} />}</FormField>
            <Checkbox label="Include a waste" hint="Slotted, to suit a basin with an overflow" />
          </div>
        </Example>

        <Example title="Prices, ratings and badges">
          <Price pence={14999} />
          <Price pence={24999} wasPence={32999} />
          <Price pence={123456} size="lg" />
          <RatingStars rating={4.5} count={128} />
          <RatingStars rating={3.7} />
          <Badge>Neutral</Badge>
          <Badge tone="info">Free WEEE take-back</Badge>
          <Badge tone="success">In stock</Badge>
          <Badge tone="accent">Best seller</Badge>
          <Badge tone="sale">Save 20%</Badge>
        </Example>

        <Example title="Dialog and toast">
          <Button variant="secondary" onClick={() => setDialogOpen(true)}>
            Open a dialog
          </Button>
          <Button variant="secondary" onClick={() => toast('This is a toast message.', 'success')}>
            Show a toast
          </Button>
          <Dialog open={dialogOpen} onClose={() => setDialogOpen(false)} title="Delivery terms">
            <div className="space-y-4 p-5">
              <p>Large items are delivered to the kerbside. Please have two people ready to help unload.</p>
              <Button onClick={() => setDialogOpen(false)}>I understand</Button>
            </div>
          </Dialog>
        </Example>

        <Example title="Carousel">
          <Carousel
            label="Example slides"
            className="w-full"
            heading={<p className="font-semibold text-navy-800">Five example slides</p>}
            slides={SLIDES.map((slug) => (
              <div key={slug} className="aspect-[4/3] rounded-2xl bg-teal-50">
                <CategoryIllustration slug={slug} className="size-full p-6" />
              </div>
            ))}
          />
        </Example>

        <Example title="Pagination">
          <Pagination current={page} total={12} hrefFor={(target) => `/styleguide?page=${target}`} />
        </Example>

        <Example title="Skeleton">
          <div className="w-64 space-y-3">
            <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </Example>
      </div>
    </>
  );
}
