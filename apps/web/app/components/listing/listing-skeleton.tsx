import { Skeleton } from '../ui/skeleton.tsx';

/** Placeholders the size of a toolbar and a page of tiles, while a new listing loads (no layout shift). */
export function ListingSkeleton({ tiles = 8 }: { tiles?: number }) {
  return (
    <div className="container-page py-8 lg:py-10" aria-busy="true">
      <Skeleton className="h-11 w-full max-w-md" />
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: tiles }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-2xl border border-navy-100 bg-white">
            <Skeleton className="aspect-square rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-3 w-1/3" />
              <Skeleton className="h-5 w-5/6" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-6 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
