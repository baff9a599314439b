import { finishName, INK, LINE_PAINT, paintFor } from './palette.ts';
import { escapeXml, type Drawing } from './svg.ts';

export const VIEWS = ['main', 'detail', 'dimensions'] as const;
export type View = (typeof VIEWS)[number];

const SIZE = 800;
const BACKDROP = '#f3f1ec';
const strokeGroup = (colour: string, width: number, body: string) =>
  `<g stroke="${colour}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round">${body}</g>`;

const document = (title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" ` +
  `height="${SIZE}" role="img"><title>${escapeXml(title)}</title>${body}</svg>`;

/** A product's own width and height in mm (its specifications), when the picture is of one product. */
export type ProductSize = readonly [widthMm: number, heightMm: number];

/**
 * The drawing stretched to the product's proportions, standing on the same floor: the family's
 * typical size is the drawing's, so a wider basin draws wider and a taller radiator taller (at
 * most a quarter either way, and never past the canvas).
 */
function proportioned(drawing: Drawing, size: ProductSize | undefined): { drawing: Drawing; transform: string } {
  if (!size) return { drawing, transform: '' };
  const [x0, y0, x1, y1] = drawing.box;
  const ratio = size[0] / size[1] / (drawing.size[0] / drawing.size[1]);
  const clamp = (value: number, most: number) => Math.min(most, 1.25, Math.max(0.8, value));
  const sx = clamp(Math.sqrt(ratio), 720 / (x1 - x0));
  const sy = clamp(1 / Math.sqrt(ratio), (y1 - 40) / (y1 - y0));
  const cx = (x0 + x1) / 2;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const box = [round(cx - (cx - x0) * sx), round(y1 - (y1 - y0) * sy), round(cx + (x1 - cx) * sx), y1] as const;
  return {
    drawing: { ...drawing, box, size },
    transform: `translate(${cx} ${y1}) scale(${round(sx)} ${round(sy)}) translate(${-cx} ${-y1})`,
  };
}
const placed = (transform: string, body: string) => (transform ? `<g transform="${transform}">${body}</g>` : body);

const shadow = ({ box }: Drawing) => {
  const [x0, , x1, y1] = box;
  return `<ellipse cx="${(x0 + x1) / 2}" cy="${y1 + 4}" rx="${((x1 - x0) / 2) * 1.04}" ry="14" fill="${INK}" opacity="0.09"/>`;
};

const mm = (value: number) => `${value.toLocaleString('en-GB')} mm`;

/** Width below the product and height to its left, with end ticks and mm labels. */
function dimensionLines({ box, size }: Drawing): string {
  const [x0, y0, x1, y1] = box;
  const below = Math.min(y1 + 64, 760);
  const left = Math.max(x0 - 64, 40);
  const label = (x: number, y: number, text: string, rotate = false) =>
    `<text x="${x}" y="${y}"${rotate ? ` transform="rotate(-90 ${x} ${y})"` : ''} text-anchor="middle" ` +
    `font-family="Inter, Arial, sans-serif" font-size="28" font-weight="600" fill="${INK}" ` +
    `stroke="#ffffff" stroke-width="10" paint-order="stroke">${text}</text>`;
  const lines = [
    `M${x0} ${below}H${x1}M${x0} ${below - 14}V${below + 14}M${x1} ${below - 14}V${below + 14}`,
    `M${left} ${y0}V${y1}M${left - 14} ${y0}H${left + 14}M${left - 14} ${y1}H${left + 14}`,
  ];
  const witness = `M${x0} ${y1 + 12}V${below + 6}M${x1} ${y1 + 12}V${below + 6}M${x0 - 12} ${y0}H${left - 6}M${x0 - 12} ${y1}H${left - 6}`;
  return (
    `<path d="${witness}" fill="none" stroke="#8aa5c2" stroke-width="2" stroke-dasharray="6 6"/>` +
    `<path d="${lines.join('')}" fill="none" stroke="${INK}" stroke-width="3"/>` +
    label((x0 + x1) / 2, below + 44, mm(size[0])) +
    label(left - 18, (y0 + y1) / 2, mm(size[1]), true)
  );
}

export function renderView(family: Drawing, finish: string, view: View, size?: ProductSize): string {
  const { drawing, transform } = proportioned(family, size);
  const named = finishName(finish);
  const product = named ? `${drawing.label}, ${named.toLowerCase()} finish` : drawing.label;
  if (view === 'dimensions') {
    // Scaled down a little so the dimension lines fit inside the canvas.
    const outline = strokeGroup(LINE_PAINT.ink, 4, placed(transform, drawing.art(LINE_PAINT)));
    const body = `<g transform="translate(60 20) scale(0.88)">${outline}${dimensionLines(drawing)}</g>`;
    return document(`${product}: dimensions`, `<rect width="${SIZE}" height="${SIZE}" fill="#ffffff"/>${body}`);
  }
  const paint = paintFor(finish);
  const art = placed(transform, drawing.art(paint));
  if (view === 'detail') {
    const zoom = drawing.zoom ?? 2.4;
    const [fx, fy] = drawing.focus;
    const body = `<g transform="translate(400 400) scale(${zoom}) translate(${-fx} ${-fy})">${strokeGroup(INK, 6 / Math.sqrt(zoom), art)}</g>`;
    return document(`${product}: close-up`, `<rect width="${SIZE}" height="${SIZE}" fill="${BACKDROP}"/>${body}`);
  }
  return document(
    product,
    `<rect width="${SIZE}" height="${SIZE}" fill="${BACKDROP}"/>${drawing.floor === false ? '' : shadow(drawing)}${strokeGroup(INK, 6, art)}`,
  );
}
