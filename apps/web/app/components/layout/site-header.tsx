import { NavLink } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { cn } from '../../lib/cn.ts';
import { featuredCategories } from '../../lib/featured.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { HeaderAccount, headerItemClasses } from '../auth/header-account.tsx';
import { MiniBasket } from '../basket/mini-basket.tsx';
import { HeartIcon } from '../ui/icons.tsx';
import { AllCategoriesMenu } from './all-categories-menu.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { PromoBar, type Announcement } from './promo-bar.tsx';
import { SearchForm } from './search-form.tsx';

const shoppingLinks = [{ to: '/wishlist', label: 'Wishlist', Icon: HeartIcon }];

/** Desktop bar: seven featured categories from 1024px, ten from 1280px. */
const VISIBLE_AT_LG = 7;

export function SiteHeader({
  categories,
  searchQuery,
  announcement,
}: {
  categories: readonly NavigationCategory[];
  searchQuery?: string;
  announcement?: Announcement | null;
}) {
  return (
    <header>
      <PromoBar announcement={announcement ?? null} />
      <div className="on-dark bg-navy-900 text-white">
        <div className="container-page header-bar">
          <div className="flex items-center gap-1">
            <MobileMenu categories={categories} />
            {/* Below 416 px the name would push the header wider than the screen (WCAG 1.4.10): the mark alone, still named. */}
            <Logo className="[&>span]:max-[26rem]:sr-only" />
          </div>
          <SearchForm
            id="site-search"
            defaultQuery={searchQuery}
            className="col-span-3 row-start-2 md:col-span-1 md:col-start-2 md:row-start-1 md:mx-auto md:max-w-2xl"
          />
          <nav aria-label="Your shopping" className="col-start-3 row-start-1">
            <ul className="flex items-center gap-0 sm:gap-2">
              <li>
                <HeaderAccount />
              </li>
              {shoppingLinks.map(({ to, label, Icon }) => (
                <li key={to}>
                  <NavLink to={to} className={({ isActive }) => cn(headerItemClasses, isActive && 'bg-white/10')}>
                    <Icon className="size-6" />
                    {label}
                  </NavLink>
                </li>
              ))}
              <li>
                <MiniBasket />
              </li>
            </ul>
          </nav>
        </div>
      </div>
      {categories.length > 0 && (
        <nav aria-label="Categories" className="relative hidden border-b border-navy-100 bg-white shadow-xs lg:block">
          <ul className="container-page flex h-12 items-stretch gap-1">
            <li className="flex items-center">
              <AllCategoriesMenu categories={categories} />
            </li>
            {featuredCategories(categories).map((category, index) => (
              <li key={category.slug} className={cn('flex', index >= VISIBLE_AT_LG && 'hidden xl:flex')}>
                <NavLink to={categoryPath(category.slug)} className={({ isActive }) => cn('nav-tab', isActive && 'nav-tab-current')}>
                  {category.name}
                </NavLink>
              </li>
            ))}
            <li className="ml-auto flex">
              <NavLink to={TRADE_PATHS.dashboard} className={({ isActive }) => cn('nav-tab text-teal-700', isActive && 'nav-tab-current')}>
                Trade
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
