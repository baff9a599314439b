import { CHROME, WHITE } from '../palette.ts';
import { circle, coat, ellipse, line, path, rect, sheen, tube, type Drawing, type Paint } from '../svg.ts';

// Tiles, accessories, mirrors and lighting, fans; and the parcel for families without a drawing.

const plate = (p: Paint, x: number, y: number, r = 40) => circle(x, y, r, p.trim.base) + circle(x, y, r - 14, p.trim.light);
const metal = (p: Paint) => coat(p, CHROME);

/** A square sample of tiles: rows of `w`×`h` tiles, every other row offset by `shift`. */
function tileBoard(p: Paint, w: number, h: number, shift: number, standard: string[]): string {
  // A coloured tile is drawn in its colour, a little varied from tile to tile as glazes are.
  const colours = p.coat ? [p.coat.base, p.coat.light, p.coat.base, p.coat.dark] : standard;
  let out = '';
  let i = 0;
  for (let y = 160; y < 640; y += h) {
    const row = (y - 160) / h;
    for (let x = 160 - (row % 2) * shift; x < 640; x += w) {
      const x0 = Math.max(x, 160);
      const x1 = Math.min(x + w, 640);
      out += rect(x0, y, x1 - x0, Math.min(h, 640 - y), 2, p.line ? '#ffffff' : (colours[i++ % colours.length] ?? '#ffffff'));
    }
  }
  return rect(150, 150, 500, 500, 8, '#d8dde2') + `<g stroke-width="3" stroke="#b5bec7">${out}</g>`;
}

export const drawings = {
  'wall-tiles': {
    label: 'Wall tiles',
    art: (p) => tileBoard(p, 160, 80, 80, ['#ffffff', '#f6f8fa', '#fbfcfd']) + sheen(p, 'M200 190L260 180M360 270L420 260M210 430L270 420', 8, '#ffffff'),
    box: [150, 150, 650, 650],
    size: [300, 600],
    focus: [300, 300],
    floor: false,
  },
  'floor-tiles': {
    label: 'Floor tiles',
    art: (p) =>
      tileBoard(p, 240, 240, 0, ['#c9cdd1', '#d4d7da', '#bfc4c9']) +
      (p.line ? '' : line('M180 200Q260 260 320 230T420 300M430 440Q500 520 620 480M200 520Q280 470 380 560', '#a7aeb5', 4)),
    box: [150, 150, 650, 650],
    size: [600, 600],
    focus: [400, 400],
    floor: false,
  },
  'mosaic-tiles': {
    label: 'Mosaic tiles',
    art: (p) => tileBoard(p, 48, 48, 0, ['#3ba9a2', '#6cc5be', '#a2ddd8', '#218e88', '#cfeeeb', '#8aa5c2', '#6cc5be']),
    box: [150, 150, 650, 650],
    size: [300, 300],
    focus: [400, 400],
    floor: false,
  },
  adhesive: {
    label: 'Tile adhesive and grout',
    art: (p) =>
      path('M230 260L260 620H540L570 260Z', WHITE.base) +
      rect(214, 220, 372, 56, 14, p.line ? '#ffffff' : p.accent.base) +
      rect(246, 360, 308, 140, 0, p.line ? '#ffffff' : p.accent.light) +
      (p.line
        ? ''
        : `<text x="400" y="448" text-anchor="middle" font-family="Inter, Arial, sans-serif" ` +
          `font-size="46" font-weight="800" fill="${p.accent.dark}" stroke="none">GROUT</text>`) +
      path('M300 220Q400 120 500 220', 'none', 'stroke-width="10"'),
    box: [214, 150, 586, 620],
    size: [300, 330],
    focus: [400, 430],
  },
  'roll-holder': {
    label: 'Toilet roll holder',
    art: (p) =>
      plate(p, 240, 360, 60) +
      tube('M240 360H300Q320 360 320 380V400H560', metal(p).base, 22, p.ink) +
      rect(330, 300, 220, 200, 24, WHITE.base) +
      ellipse(550, 400, 34, 100, '#eef2f6') +
      ellipse(550, 400, 12, 30, '#d9e3ee'),
    box: [180, 300, 584, 500],
    size: [180, 90],
    focus: [260, 380],
    floor: false,
  },
  'robe-hook': {
    label: 'Robe hook',
    art: (p) => plate(p, 400, 250, 70) + tube('M400 250V430Q400 520 480 520Q540 520 540 460', metal(p).base, 40, p.ink) + sheen(p, 'M388 280V430', 8),
    box: [330, 180, 566, 546],
    size: [60, 100],
    focus: [400, 260],
    floor: false,
  },
  'soap-dispenser': {
    label: 'Soap dispenser',
    art: (p) =>
      rect(300, 340, 200, 280, 40, p.line ? '#ffffff' : '#e9f4f6') +
      (p.line ? '' : rect(316, 430, 168, 176, 30, p.accent.light, 'stroke="none"')) +
      rect(350, 290, 100, 56, 10, metal(p).base) +
      rect(380, 200, 40, 90, 10, metal(p).base) +
      path('M380 200H520V232H500V224H380Z', metal(p).base),
    box: [300, 200, 520, 620],
    size: [80, 180],
    focus: [440, 230],
  },
  shelf: {
    label: 'Shower basket',
    art: (p) => {
      const m = metal(p);
      let wires = '';
      for (let x = 220; x <= 580; x += 40) wires += `M${x} 330V500`;
      return (
        rect(180, 300, 440, 40, 10, m.base) +
        line(wires, p.ink, 16) +
        line(wires, m.base, 8) +
        rect(180, 490, 440, 30, 10, m.base) +
        rect(190, 240, 30, 70, 8, m.base) +
        rect(580, 240, 30, 70, 8, m.base)
      );
    },
    box: [180, 240, 620, 520],
    size: [300, 120],
    focus: [240, 300],
    floor: false,
  },
  'grab-rail': {
    label: 'Grab rail',
    art: (p) => plate(p, 190, 400, 60) + plate(p, 610, 400, 60) + tube('M190 400V330H610V400', metal(p).base, 44, p.ink) + sheen(p, 'M240 320H560', 8),
    box: [130, 300, 670, 460],
    size: [450, 90],
    focus: [200, 360],
    floor: false,
  },
  'led-mirror': {
    label: 'LED mirror',
    art: (p) =>
      (p.line ? '' : rect(170, 110, 460, 580, 60, '#fff3c4', 'stroke="none" opacity="0.7"')) +
      rect(190, 130, 420, 540, 44, '#dbe6ee') +
      rect(214, 154, 372, 492, 30, p.line ? '#ffffff' : '#c9d8e3', 'stroke="none"') +
      (p.line ? '' : line('M290 230L420 180M260 330L470 230M470 560L560 520', '#eef4f8', 18)) +
      circle(400, 620, 12, p.accent.base),
    box: [190, 130, 610, 670],
    size: [600, 800],
    focus: [400, 610],
    floor: false,
  },
  'mirror-cabinet': {
    label: 'Mirror cabinet',
    art: (p) =>
      rect(170, 170, 460, 420, 12, coat(p, WHITE).base) +
      rect(188, 188, 206, 384, 6, '#c9d8e3') +
      rect(406, 188, 206, 384, 6, '#c9d8e3') +
      (p.line ? '' : line('M230 260L320 220M450 300L560 240M240 480L330 440', '#eef4f8', 14) + rect(200, 590, 400, 14, 7, '#fff3c4')),
    box: [170, 170, 630, 590],
    size: [600, 700],
    focus: [400, 380],
    floor: false,
  },
  'wall-light': {
    label: 'Bathroom wall light',
    art: (p) =>
      (p.line ? '' : circle(400, 420, 220, '#fff3c4', 'stroke="none" opacity="0.6"')) +
      rect(360, 200, 80, 180, 30, metal(p).base) +
      tube('M400 380V420', metal(p).base, 20, p.ink) +
      circle(400, 500, 110, '#fbfbf8') +
      ellipse(400, 420, 60, 16, metal(p).base) +
      sheen(p, 'M340 470Q350 430 390 420', 10, '#ffffff'),
    box: [290, 200, 510, 610],
    size: [180, 290],
    focus: [400, 420],
    floor: false,
  },
  'shaver-socket': {
    label: 'Shaver socket',
    art: (p) =>
      rect(210, 210, 380, 380, 30, coat(p, WHITE).base) +
      rect(250, 260, 300, 200, 20, WHITE.light) +
      [300, 400].map((y) => rect(310, y - 30, 18, 60, 6, p.ink) + rect(360, y - 30, 18, 60, 6, p.ink)).join('') +
      circle(470, 330, 30, p.ink) +
      rect(300, 500, 200, 40, 10, p.accent.light),
    box: [210, 210, 590, 590],
    size: [86, 146],
    focus: [400, 350],
    floor: false,
  },
  'extractor-fan': {
    label: 'Extractor fan',
    art: (p) => {
      let slots = '';
      for (let y = 290; y <= 510; y += 44) slots += rect(260, y, 280, 22, 11, p.line ? '#ffffff' : '#dfe6ec');
      return rect(200, 200, 400, 400, 50, coat(p, WHITE).base) + slots + circle(540, 560, 8, p.accent.base, 'stroke="none"');
    },
    box: [200, 200, 600, 600],
    size: [160, 160],
    focus: [400, 400],
    floor: false,
  },
  'inline-fan': {
    label: 'In-line extractor fan',
    art: (p) =>
      tube('M110 400H260M540 400H690', '#d9dee3', 110, p.ink) +
      (p.line ? '' : line('M120 400H250M550 400H680', '#b5bec7', 110, 'stroke-dasharray="6 12"')) +
      rect(240, 330, 40, 140, 10, '#eef2f6') +
      rect(520, 330, 40, 140, 10, '#eef2f6') +
      rect(270, 270, 260, 260, 60, coat(p, WHITE).base) +
      rect(350, 540, 100, 40, 8, '#eef2f6'),
    box: [104, 270, 696, 580],
    size: [300, 150],
    focus: [280, 400],
    floor: false,
  },
  generic: {
    label: 'Product',
    art: (p) =>
      path('M220 300L400 240L580 300V560L400 620L220 560Z', '#e6c99a') +
      path('M220 300L400 360L580 300', 'none') +
      line('M400 360V620', p.ink, 6) +
      path('M300 273L480 333V400L450 390V343L270 283Z', p.line ? '#ffffff' : p.accent.base),
    box: [220, 240, 580, 620],
    size: [400, 400],
    focus: [400, 330],
  },
} satisfies Record<string, Drawing>;
