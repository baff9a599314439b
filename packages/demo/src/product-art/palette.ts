import type { Paint, Tone } from './svg.ts';

// Brand colours (app.css theme: navy-800, teal, brass, sand).
export const INK = '#17304b';
const tone = (base: string, light: string, dark: string): Tone => ({ base, light, dark });

export const CHROME = tone('#c7d0d9', '#f4f7fa', '#8d9aa8');
export const WHITE = tone('#ffffff', '#ffffff', '#e3e9ef');
export const CERAMIC = tone('#ffffff', '#ffffff', '#dfe6ec');
const ACCENT = tone('#3ba9a2', '#cfeeeb', '#17726e');
const COPPER = tone('#d98a4e', '#f1be92', '#a85f2c');

interface Finish {
  name: string;
  tone: Tone;
  /** Metal finishes also colour the trim (handles, buttons); paints leave it chrome. */
  metal: boolean;
}

/** The finish slugs of the seed (../catalogue/product-templates.ts), `standard` meaning no finish. */
export const FINISHES: Record<string, Finish> = {
  chrome: { name: 'Chrome', tone: CHROME, metal: true },
  'matt-black': { name: 'Matt Black', tone: tone('#2c3136', '#4d555d', '#16191c'), metal: true },
  'brushed-brass': { name: 'Brushed Brass', tone: tone('#d2a456', '#efd49a', '#a17528'), metal: true },
  'brushed-nickel': { name: 'Brushed Nickel', tone: tone('#bdb7aa', '#e2ddd2', '#8c867a'), metal: true },
  gunmetal: { name: 'Gunmetal', tone: tone('#5c626b', '#858c96', '#3a3e44'), metal: true },
  'gloss-white': { name: 'Gloss White', tone: WHITE, metal: false },
  'matt-grey': { name: 'Matt Grey', tone: tone('#a3aab1', '#c4c9ce', '#7f868e'), metal: false },
  sage: { name: 'Sage', tone: tone('#a8bca0', '#c8d7c1', '#809a77'), metal: false },
  navy: { name: 'Navy', tone: tone('#2e4a6b', '#4c6a8c', '#1c3149'), metal: false },
  oak: { name: 'Oak', tone: tone('#cf9f69', '#e6c293', '#a97a45'), metal: false },
  graphite: { name: 'Graphite', tone: tone('#474d55', '#666d76', '#2e3237'), metal: false },
  anthracite: { name: 'Anthracite', tone: tone('#3c4248', '#5a6168', '#25292d'), metal: false },
  white: { name: 'White', tone: WHITE, metal: false },
  // Tile colours (a tile has no finish to choose: it is drawn in its own).
  stone: { name: 'Stone', tone: tone('#d9d2c3', '#ebe6dc', '#b9b09e'), metal: false },
  terracotta: { name: 'Terracotta', tone: tone('#c8734f', '#e09a7b', '#9c5234'), metal: false },
  blush: { name: 'Blush', tone: tone('#e8c4bd', '#f4dcd7', '#c99e96'), metal: false },
};

export const STANDARD = 'standard';
export const FINISH_SLUGS = [STANDARD, ...Object.keys(FINISHES)];

export const finishName = (slug: string) => FINISHES[slug]?.name ?? '';

export function paintFor(finishSlug: string): Paint {
  const finish = FINISHES[finishSlug];
  return {
    coat: finish?.tone ?? null,
    trim: finish?.metal ? finish.tone : CHROME,
    ceramic: CERAMIC,
    glass: '#d5ebf0',
    ink: INK,
    accent: ACCENT,
    copper: COPPER,
    line: false,
  };
}

const PAPER = tone('#ffffff', '#ffffff', '#eef2f6');
/** The dimensions view: every part white, so only the outline reads. */
export const LINE_PAINT: Paint = {
  coat: PAPER,
  trim: PAPER,
  ceramic: PAPER,
  glass: '#ffffff',
  ink: '#44678d',
  accent: PAPER,
  copper: PAPER,
  line: true,
};
