import { createRandom } from '../random.ts';
import { DRAWINGS, type DrawingId } from './families.ts';
import { FINISHES, INK, paintFor } from './palette.ts';
import { line, place, rect } from './svg.ts';

// A customer's photo of their new bathroom: a small room scene, varied deterministically by the product id
// (the same seed always gives the same picture).

const WALLS = ['#dfe9e4', '#e8e1d6', '#d9e3ee', '#efe4dc', '#e3e6e8', '#cfe3e0'];
const FLOORS = [
  ['#c9b79c', '#bba88c'],
  ['#9aa3ad', '#8c96a1'],
  ['#e6e1d8', '#d8d1c5'],
  ['#3f474f', '#353c43'],
];
const BATHS: DrawingId[] = ['straight-bath', 'freestanding-bath', 'double-ended-bath', 'shower-bath'];
const BASINS: DrawingId[] = ['floor-vanity', 'pedestal-basin', 'wall-vanity'];
const METALS = Object.keys(FINISHES).filter((slug) => ['chrome', 'matt-black', 'brushed-brass', 'brushed-nickel', 'gunmetal'].includes(slug));
const FURNITURE = ['gloss-white', 'matt-grey', 'sage', 'navy', 'oak', 'graphite'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** A customer's photo of their new bathroom, varied by the product's id. */
export const renderUserContentScene = (productId: number): string =>
  renderRoomScene(productId * 2654435761, 'Customer photo: the product fitted in their bathroom', '0 0 800 800');

/**
 * A blog post's hero: the same kind of room, seeded by the post's address, framed wide (3:2) around
 * the fittings. Every room holds a basin under a mirror, a toilet and a bath, which its alt text can say.
 */
export function renderBlogHeroScene(slug: string): string {
  let seed = 7;
  for (const char of slug) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) >>> 0;
  return renderRoomScene(seed, 'Illustration: a bathroom with a basin under a mirror, a toilet and a bath', '0 96 800 533');
}

function renderRoomScene(seed: number, title: string, viewBox: string): string {
  const random = createRandom(seed);
  const wall = pick(random, WALLS);
  const [floorA, floorB] = pick(random, FLOORS) as [string, string];
  const metal = pick(random, METALS);
  const furniture = paintFor(pick(random, FURNITURE));
  const trim = paintFor(metal);
  const paint = { ...trim, coat: furniture.coat };
  const tiled = random() < 0.5;

  let floor = '';
  for (let x = 0; x < 800; x += 100) for (let y = 610; y < 800; y += 50) floor += rect(x, y, 100, 50, 0, ((x + y) / 50) % 2 ? floorA : floorB);
  const splashback = tiled
    ? `<g stroke="#ffffff" stroke-width="3">${Array.from({ length: 6 }, (_, row) => rect(0, 300 + row * 50, 800, 50, 0, wall)).join('')}</g>`
    : '';
  const hasWindow = random() < 0.6;
  const windowX = 480 + Math.floor(random() * 120);
  const light = hasWindow ? rect(windowX, 70, 200, 170, 8, '#eaf6fb') + line(`M${windowX + 100} 70V240M${windowX} 155H${windowX + 200}`, '#ffffff', 10) : '';

  const basinId = pick(random, BASINS);
  const toiletId: DrawingId = random() < 0.5 ? 'close-coupled-toilet' : 'comfort-height-toilet';
  const row: [DrawingId, number][] =
    random() < 0.5
      ? [
          [basinId, 0.52],
          [toiletId, 0.52],
        ]
      : [
          [toiletId, 0.52],
          [basinId, 0.52],
        ];
  row.push([pick(random, BATHS), 0.46]);

  // Drawings stand on y=640 of their own 800 canvas; the room's floor is at y=610. Left to right, 24 apart.
  let cursor = 24;
  let scene = '';
  for (const [id, scale] of row) {
    const { art, box } = DRAWINGS[id];
    scene += place(cursor - box[0] * scale, 610 - 640 * scale, scale, art(paint));
    if (id === basinId) scene += place(cursor + ((box[2] - box[0]) * scale) / 2 - 400 * 0.26, 110, 0.26, DRAWINGS['led-mirror'].art(paint));
    cursor += (box[2] - box[0]) * scale + 24;
  }
  const body =
    rect(0, 0, 800, 610, 0, wall) +
    splashback +
    light +
    rect(0, 604, 800, 8, 0, '#ffffff') +
    floor +
    `<g stroke="${INK}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round">${scene}</g>` +
    rect(0, 0, 800, 800, 0, '#fff6e0', 'opacity="0.08"');
  const [, , width, height] = viewBox.split(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${width}" height="${height}" role="img"><title>${title}</title>${body}</svg>`;
}
