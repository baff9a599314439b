import type { ReactNode } from 'react';

// The brand palette for illustrations (mirrors the Tailwind theme in app.css).
export const ink = '#17304b';
export const white = '#ffffff';
export const tealLight = '#cfeeeb';
export const teal = '#3ba9a2';
export const brass = '#e89c34';
export const brassLight = '#f4d292';
export const copper = '#d98a4e';
export const sand = '#ebe5da';

/** Outline style shared by every shape: dark rounded strokes, like a flat line drawing. */
export function Outline({ children, transform }: { children: ReactNode; transform?: string }) {
  return (
    <g transform={transform} stroke={ink} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round">
      {children}
    </g>
  );
}

/** A soft floor shadow under free-standing objects. */
export const Shadow = ({ cx = 80, cy = 106, rx = 52 }: { cx?: number; cy?: number; rx?: number }) => (
  <ellipse cx={cx} cy={cy} rx={rx} ry={5} fill={ink} opacity={0.08} />
);

/**
 * A category illustration: 160×120, decorative (the tile's text names the category). The fixed
 * viewBox plus the tile's aspect-ratio box reserve the space, so nothing shifts on load.
 */
export function Art({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" className={className} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
