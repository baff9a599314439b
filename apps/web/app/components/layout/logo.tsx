import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { LogoMark } from '../illustrations/logo.tsx';

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex shrink-0 items-center gap-2 rounded-lg', className)}>
      <LogoMark className="size-9" />
      <span className="text-xl font-extrabold tracking-tight">
        Plumbline<span className="sr-only">, home page</span>
      </span>
    </Link>
  );
}
