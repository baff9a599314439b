import type { ReactNode } from 'react';
import { ButtonLink } from '../ui/button.tsx';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

export interface EmptyPageProps {
  title: string;
  icon: ReactNode;
  emptyTitle: string;
  children: ReactNode;
  /** A second way forward beside "Start shopping". */
  secondary?: { to: string; label: string };
}

/** A shopper page that has nothing to show yet (basket, wishlist, account): say so, and offer a way on. */
export function EmptyPage({ title, icon, emptyTitle, children, secondary }: EmptyPageProps) {
  return (
    <>
      <PageHeader title={title} trail={[{ label: title }]} />
      <div className="container-page py-12 lg:py-16">
        <EmptyState
          icon={icon}
          title={emptyTitle}
          actions={
            <>
              <ButtonLink to="/#shop-by-category" variant="primary">
                Start shopping
              </ButtonLink>
              {secondary && (
                <ButtonLink to={secondary.to} variant="secondary">
                  {secondary.label}
                </ButtonLink>
              )}
            </>
          }
        >
          {children}
        </EmptyState>
      </div>
    </>
  );
}
