import { cn } from '../../lib/cn.ts';

/** An address as the lines of a label, one under another. */
export function AddressLines({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <address className={cn('not-italic text-navy-900', className)}>
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
