import { brass, brassLight } from './art.tsx';

/** The Plumbline mark: a plumb bob on its line, the tradesperson's tool for a true vertical. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width={40} height={40} rx={10} fill="#1b8c86" />
      <path d="M20 5V15" stroke="#ffffff" strokeWidth={2.5} strokeLinecap="round" />
      <circle cx={20} cy={5.5} r={2.2} fill="#ffffff" />
      <path d="M13 17H27L20.9 34.2a1 1 0 0 1-1.8 0Z" fill={brass} />
      <path d="M13 17H27V19.5H13Z" fill={brassLight} />
    </svg>
  );
}
