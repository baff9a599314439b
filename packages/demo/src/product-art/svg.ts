/**
 * Tiny SVG string builders for the generated product illustrations. Every drawing lives in an
 * 800×800 canvas; the view (views.ts) wraps it in the ink outline group, so shapes only set fills.
 */

/** The colours of one painted part: its face, a highlight and a shade. */
export interface Tone {
  base: string;
  light: string;
  dark: string;
}

/** Everything a shape may colour. `coat` is the chosen finish (null for "standard"). */
export interface Paint {
  coat: Tone | null;
  /** Small metal parts: the finish when it is a metal, else chrome. */
  trim: Tone;
  ceramic: Tone;
  glass: string;
  ink: string;
  accent: Tone;
  copper: Tone;
  /** True for the dimensions view: a line drawing, so shapes skip decoration. */
  line: boolean;
}

export interface Drawing {
  /** Names the product type in the SVG <title>. */
  label: string;
  art: (paint: Paint) => string;
  /** The product's extent [x0, y0, x1, y1]: dimension lines and the floor shadow follow it. */
  box: readonly [number, number, number, number];
  /** Typical width and height in mm, for the dimensions view. */
  size: readonly [number, number];
  /** The centre of the close-up in the detail view. */
  focus: readonly [number, number];
  zoom?: number;
  /** Wall-hung things cast no floor shadow. */
  floor?: boolean;
}

const attrs = (extra: string) => (extra ? ` ${extra}` : '');

export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${attrs(extra)}/>`;

export const path = (d: string, fill = 'none', extra = '') => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${attrs(extra)}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${attrs(extra)}/>`;

/** A stroke-only line in a colour (no outline), e.g. grooves and highlights. */
export const line = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"${attrs(extra)}/>`;

/** A round tube (pipe, rail, hose) with an ink outline: a wide ink stroke under a coloured one. */
export const tube = (d: string, colour: string, width: number, ink: string) => line(d, ink, width + 12) + line(d, colour, width);

export const group = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

/** Places another drawing's art, scaled about its own origin: suites are made of their parts. */
export const place = (x: number, y: number, scale: number, body: string) => group(`translate(${x} ${y}) scale(${scale})`, body);

/** A shiny streak on metal or glass, skipped in line drawings. */
export const sheen = (p: Paint, d: string, width = 8, colour = p.trim.light) => (p.line ? '' : line(d, colour, width, 'stroke-opacity="0.9"'));

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The part that carries the finish, or the given default for "standard" products. */
export const coat = (p: Paint, fallback: Tone) => p.coat ?? fallback;
