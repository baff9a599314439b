import { WHITE } from '../palette.ts';
import { circle, coat, ellipse, line, path, place, rect, sheen, tube, type Drawing, type Paint } from '../svg.ts';

// Sanitaryware and furniture, drawn side-on or front-on like a retailer's cut-out shot.

const seatAndLid = (p: Paint, y: number) =>
  rect(300, y - 16, 272, 26, 13, p.ceramic.base) + rect(292, y - 38, 250, 24, 12, p.ceramic.base) + rect(284, y - 36, 20, 20, 6, p.trim.base);

const pan = (p: Paint, top: number, back: 'foot' | 'wall' | 'hung') => {
  const bowl = `M${back === 'foot' ? 320 : 300} ${top}H575C575 ${top + 85} 520 ${top + 125} 455 ${top + 128}`;
  const rest = back === 'foot' ? `L448 640H340L352 ${top + 112}C330 ${top + 85} 320 ${top + 45} 320 ${top}Z` : back === 'wall' ? `L450 640H300Z` : `H300Z`;
  return path(bowl + rest, p.ceramic.base) + line(`M340 ${top + 30}C350 ${top + 70} 380 ${top + 95} 430 ${top + 100}`, p.ceramic.dark, 10) + seatAndLid(p, top);
};

const cistern = (p: Paint, top: number) =>
  rect(218, top, 116, 450 - top, 18, p.ceramic.base) +
  rect(206, top - 22, 140, 26, 10, p.ceramic.base) +
  rect(256, top - 36, 40, 14, 5, p.trim.base) +
  line(`M238 ${top + 30}V420`, p.ceramic.dark, 8);

const closeCoupled = (p: Paint) => cistern(p, 250) + pan(p, 440, 'foot');
const flushPlate = (p: Paint, x: number, y: number, w: number, h: number) =>
  rect(x, y, w, h, 14, p.trim.base) +
  rect(x + 12, y + 14, w / 2 - 18, h - 28, 8, p.trim.light) +
  rect(x + w / 2 + 6, y + 14, w / 2 - 18, h - 28, 8, p.trim.light);
const wall = (p: Paint, x0: number, x1: number) => (p.line ? '' : rect(x0, 110, x1 - x0, 530, 0, '#e9edf1', 'stroke="none"'));

export const basinBowl = (p: Paint, cx: number, rim: number, half: number) =>
  path(
    `M${cx - half + 20} ${rim + 36}H${cx + half - 20}C${cx + half - 20} ${rim + 110} ${cx + half * 0.45} ${rim + 150} ` +
      `${cx} ${rim + 150}C${cx - half * 0.45} ${rim + 150} ${cx - half + 20} ${rim + 110} ${cx - half + 20} ${rim + 36}Z`,
    p.ceramic.base,
  ) +
  rect(cx - half, rim, half * 2, 40, 20, p.ceramic.base) +
  line(`M${cx - half + 40} ${rim + 58}C${cx - half + 60} ${rim + 110} ${cx - 60} ${rim + 130} ${cx} ${rim + 132}`, p.ceramic.dark, 10);

/** A single-lever mono mixer standing on a surface at (x, base). */
export const monoMixer = (p: Paint, x: number, base: number, tall = 90) =>
  rect(x - 26, base - 10, 52, 12, 5, p.trim.dark) +
  rect(x - 20, base - tall, 40, tall - 8, 14, p.trim.base) +
  path(
    `M${x + 16} ${base - tall + 10}H${x + 92}Q${x + 104} ${base - tall + 10} ${x + 104} ` +
      `${base - tall + 22}V${base - tall + 40}H${x + 84}V${base - tall + 32}H${x + 16}Z`,
    p.trim.base,
  ) +
  tube(`M${x - 4} ${base - tall}L${x - 38} ${base - tall - 34}`, p.trim.base, 12, p.ink) +
  sheen(p, `M${x - 8} ${base - tall + 16}V${base - 20}`, 6);

const basinOnPedestal = (p: Paint) =>
  path('M362 470L342 640H458L438 470Z', p.ceramic.base) + line('M372 500L360 620', p.ceramic.dark, 8) + basinBowl(p, 400, 340, 230) + monoMixer(p, 400, 340);

const bathTub = (p: Paint, x0: number, x1: number, rim: number) =>
  rect(x0, rim, x1 - x0, 36, 18, p.ceramic.base) +
  rect(x0 + 10, rim + 36, x1 - x0 - 20, 640 - rim - 36, 6, p.ceramic.base) +
  rect(x0 + 40, rim + 66, x1 - x0 - 80, 640 - rim - 110, 10, 'none', `stroke="${p.ceramic.dark}" stroke-width="6"`) +
  tube(`M${x1 - 90} ${rim}V${rim - 40}H${x1 - 50}V${rim - 24}`, p.trim.base, 18, p.ink) +
  circle(x1 - 130, rim - 20, 18, p.trim.base);

const glassPanel = (p: Paint, d: string) => path(d, p.glass, 'fill-opacity="0.75"');

const bathScreen = (p: Paint, x: number, top: number, w: number, bottom: number) =>
  glassPanel(p, `M${x} ${top}H${x + w - 40}Q${x + w} ${top} ${x + w} ${top + 40}V${bottom}H${x}Z`) +
  sheen(p, `M${x + 40} ${top + 70}L${x + w - 60} ${top + 160}M${x + 40} ${top + 130}L${x + 110} ${top + 165}`, 10, '#ffffff') +
  rect(x - 14, top, 18, bottom - top, 8, p.trim.base);

const vanity = (p: Paint, x0: number, x1: number, top: number, bottom: number, fronts: 'doors' | 'drawers') => {
  const body = coat(p, WHITE);
  const mid = (x0 + x1) / 2;
  const split = (top + 40 + bottom) / 2;
  const inner =
    fronts === 'doors'
      ? line(`M${mid} ${top + 50}V${bottom - 10}`, p.ink, 5) +
        rect(mid - 28, top + 80, 10, 70, 5, p.trim.base) +
        rect(mid + 18, top + 80, 10, 70, 5, p.trim.base)
      : line(`M${x0 + 10} ${split}H${x1 - 10}`, p.ink, 5) +
        rect(mid - 60, top + 70, 120, 12, 6, p.trim.base) +
        rect(mid - 60, split + 28, 120, 12, 6, p.trim.base);
  return (
    rect(x0, top + 40, x1 - x0, bottom - top - 40, 8, body.base) +
    (p.line ? '' : rect(x0 + 8, top + 48, 18, bottom - top - 56, 6, body.light, 'stroke="none"')) +
    inner +
    rect(x0 - 10, top, x1 - x0 + 20, 44, 14, p.ceramic.base) +
    path(`M${x0 + 60} ${top + 6}H${x1 - 60}Q${mid} ${top + 40} ${x0 + 60} ${top + 6}Z`, p.ceramic.dark) +
    monoMixer(p, mid, top + 2, 80)
  );
};

const freestandingTub = (p: Paint) =>
  path('M120 300C190 320 215 355 235 370H600C630 370 660 360 690 352C690 470 610 560 480 566H320C190 560 118 450 120 300Z', p.ceramic.base) +
  line('M160 360C175 450 230 520 320 530', p.ceramic.dark, 12) +
  rect(300, 566, 200, 74, 10, p.ceramic.base);

export const drawings = {
  'close-coupled-toilet': { label: 'Close coupled toilet', art: closeCoupled, box: [206, 214, 575, 640], size: [365, 800], focus: [276, 230] },
  'back-to-wall-toilet': {
    label: 'Back to wall toilet',
    art: (p) => wall(p, 180, 300) + flushPlate(p, 210, 260, 70, 110) + pan(p, 450, 'wall'),
    box: [300, 412, 575, 640],
    size: [360, 400],
    focus: [430, 470],
  },
  'wall-hung-toilet': {
    label: 'Wall hung toilet',
    art: (p) => wall(p, 180, 300) + flushPlate(p, 200, 210, 90, 140) + pan(p, 400, 'hung'),
    box: [300, 362, 575, 528],
    size: [360, 540],
    focus: [245, 280],
    floor: false,
  },
  'comfort-height-toilet': {
    label: 'Comfort height toilet',
    art: (p) => cistern(p, 210) + pan(p, 410, 'foot'),
    box: [206, 174, 575, 640],
    size: [370, 840],
    focus: [450, 420],
  },
  'toilet-seat': {
    label: 'Toilet seat',
    art: (p) =>
      rect(296, 196, 44, 40, 10, p.trim.base) +
      rect(460, 196, 44, 40, 10, p.trim.base) +
      path(
        'M262 250Q262 222 292 222H508Q538 222 538 250C548 430 506 610 400 610C294 ' +
          '610 252 430 262 250ZM322 300C314 420 346 548 400 548C454 548 486 420 478 300Z',
        p.ceramic.base,
        'fill-rule="evenodd"',
      ) +
      line('M300 280C296 400 330 560 400 580', p.ceramic.dark, 10),
    box: [262, 196, 538, 610],
    size: [360, 450],
    focus: [400, 230],
    floor: false,
  },
  'flush-plate': {
    label: 'Flush plate and frame',
    art: (p) =>
      rect(200, 130, 24, 510, 6, '#b5c7da') +
      rect(576, 130, 24, 510, 6, '#b5c7da') +
      rect(200, 130, 400, 24, 6, '#b5c7da') +
      rect(250, 180, 300, 240, 20, p.ceramic.base) +
      flushPlate(p, 280, 250, 240, 150) +
      rect(180, 620, 64, 20, 6, p.ink) +
      rect(556, 620, 64, 20, 6, p.ink),
    box: [180, 130, 620, 640],
    size: [500, 1120],
    focus: [400, 325],
  },
  'pedestal-basin': { label: 'Pedestal basin', art: basinOnPedestal, box: [170, 238, 630, 640], size: [550, 850], focus: [410, 300] },
  'countertop-basin': {
    label: 'Countertop basin',
    art: (p) =>
      rect(120, 500, 560, 44, 8, coat(p, { base: '#e9e2d4', light: '#f4efe6', dark: '#cfc5b2' }).base) +
      path('M220 380H580C580 450 520 500 400 500C280 500 220 450 220 380Z', p.ceramic.base) +
      rect(206, 364, 388, 28, 14, p.ceramic.base) +
      line('M250 410C262 450 320 480 400 482', p.ceramic.dark, 10) +
      monoMixer(p, 400, 364, 170),
    box: [120, 160, 680, 544],
    size: [500, 450],
    focus: [470, 230],
    floor: false,
  },
  'wall-hung-basin': {
    label: 'Wall hung basin',
    art: (p) =>
      tube('M400 500V590Q400 610 420 610H470', p.trim.base, 26, p.ink) +
      rect(378, 520, 44, 60, 16, p.trim.base) +
      path('M170 330H630V420C630 470 590 500 540 500H260C210 500 170 470 170 420Z', p.ceramic.base) +
      path('M220 346H580Q580 420 400 424Q220 420 220 346Z', p.ceramic.dark) +
      monoMixer(p, 400, 332),
    box: [170, 206, 630, 620],
    size: [600, 420],
    focus: [400, 560],
    floor: false,
  },
  'cloakroom-basin': {
    label: 'Cloakroom basin',
    art: (p) =>
      tube('M430 470V560Q430 580 450 580H500', p.trim.base, 22, p.ink) +
      path('M270 330H530V410C530 450 510 476 470 476H330C290 476 270 450 270 410Z', p.ceramic.base) +
      path('M350 344H516Q516 400 433 404Q350 400 350 344Z', p.ceramic.dark) +
      monoMixer(p, 305, 332, 80),
    box: [260, 210, 530, 590],
    size: [400, 300],
    focus: [330, 290],
    floor: false,
  },
  'inset-basin': {
    label: 'Inset basin',
    art: (p) =>
      rect(140, 470, 520, 170, 6, coat(p, WHITE).base) +
      line('M400 480V630', p.ink, 5) +
      path('M150 390H650L690 440H110Z', '#ebe5da') +
      rect(110, 440, 580, 32, 6, '#ebe5da') +
      ellipse(400, 414, 170, 22, p.ceramic.base) +
      ellipse(400, 416, 136, 14, p.ceramic.dark) +
      monoMixer(p, 400, 396, 90),
    box: [110, 270, 690, 640],
    size: [600, 850],
    focus: [400, 400],
  },
  'floor-vanity': {
    label: 'Floor standing vanity unit',
    art: (p) => vanity(p, 190, 610, 330, 620, 'doors') + rect(206, 620, 26, 20, 4, p.ink) + rect(568, 620, 26, 20, 4, p.ink),
    box: [180, 232, 620, 640],
    size: [600, 850],
    focus: [400, 420],
  },
  'wall-vanity': {
    label: 'Wall hung vanity unit',
    art: (p) => vanity(p, 180, 620, 320, 560, 'drawers'),
    box: [170, 222, 630, 560],
    size: [800, 520],
    focus: [400, 400],
    floor: false,
  },
  'wc-unit': {
    label: 'WC unit',
    art: (p) =>
      rect(160, 290, 300, 350, 8, coat(p, WHITE).base) + rect(150, 270, 320, 30, 10, p.ceramic.base) + flushPlate(p, 270, 230, 80, 40) + pan(p, 440, 'wall'),
    box: [150, 230, 575, 640],
    size: [1000, 850],
    focus: [310, 260],
  },
  'tall-unit': {
    label: 'Tall side unit',
    art: (p) => {
      const body = coat(p, WHITE);
      return (
        rect(290, 110, 220, 510, 8, body.base) +
        line('M296 390H504', p.ink, 5) +
        rect(470, 160, 12, 80, 6, p.trim.base) +
        rect(470, 420, 12, 80, 6, p.trim.base) +
        rect(300, 620, 24, 20, 4, p.ink) +
        rect(476, 620, 24, 20, 4, p.ink)
      );
    },
    box: [290, 110, 510, 640],
    size: [350, 1600],
    focus: [470, 390],
  },
  'straight-bath': { label: 'Straight bath', art: (p) => bathTub(p, 100, 700, 370), box: [100, 330, 700, 640], size: [1700, 550], focus: [620, 360] },
  'shower-bath': {
    label: 'Shower bath',
    art: (p) => bathTub(p, 100, 700, 390) + bathScreen(p, 120, 110, 230, 390),
    box: [100, 110, 700, 640],
    size: [1700, 1950],
    focus: [230, 250],
  },
  'corner-bath': {
    label: 'Corner bath',
    art: (p) =>
      path('M110 360Q400 290 690 360Q400 440 110 360Z', p.ceramic.dark) +
      path('M110 360Q400 440 690 360V580Q400 680 110 580Z', p.ceramic.base) +
      line('M150 410Q400 480 650 410', p.ceramic.dark, 8) +
      circle(400, 330, 16, p.trim.base),
    box: [110, 300, 690, 640],
    size: [1200, 550],
    focus: [400, 370],
  },
  'freestanding-bath': {
    label: 'Freestanding bath',
    art: freestandingTub,
    box: [118, 300, 690, 640],
    size: [1700, 720],
    focus: [200, 360],
  },
  'double-ended-bath': {
    label: 'Double ended bath',
    art: (p) =>
      path('M100 330H700C690 460 610 540 500 548H300C190 540 110 460 100 330Z', p.ceramic.base) +
      rect(90, 316, 620, 34, 17, p.ceramic.base) +
      line('M140 380C160 460 220 510 300 520', p.ceramic.dark, 12) +
      path('M210 520L180 640H230L270 540Z', p.trim.base) +
      path('M590 520L620 640H570L530 540Z', p.trim.base) +
      tube('M400 316V270', p.trim.base, 18, p.ink) +
      circle(360, 296, 16, p.trim.base) +
      circle(440, 296, 16, p.trim.base),
    box: [90, 254, 710, 640],
    size: [1700, 650],
    focus: [220, 580],
  },
  'bath-screen': {
    label: 'Bath screen',
    art: (p) => rect(160, 520, 500, 120, 6, p.ceramic.base) + rect(150, 500, 520, 30, 14, p.ceramic.base) + bathScreen(p, 200, 110, 300, 500),
    box: [150, 110, 670, 640],
    size: [800, 1400],
    focus: [200, 300],
  },
  'bath-panel': {
    label: 'Bath panel',
    art: (p) =>
      path('M560 300L680 250V560L560 640Z', p.ceramic.dark) +
      rect(120, 300, 440, 340, 6, p.ceramic.base) +
      line('M266 320V620M414 320V620', p.ceramic.dark, 8) +
      rect(120, 600, 440, 40, 0, p.ceramic.light),
    box: [120, 250, 680, 640],
    size: [1700, 520],
    focus: [560, 600],
  },
} satisfies Record<string, Drawing>;

const toilet = drawings['close-coupled-toilet'].art;
const basin = drawings['pedestal-basin'].art;

/** Suites are their parts, scaled down side by side. */
export const suiteDrawings = {
  'full-suite': {
    label: 'Bathroom suite',
    art: (p) => place(270, 300, 0.6, drawings['straight-bath'].art(p)) + place(-10, 254, 0.6, basin(p)) + place(130, 256, 0.6, toilet(p)),
    box: [90, 380, 690, 640],
    size: [2400, 850],
    focus: [220, 440],
  },
  'shower-bath-suite': {
    label: 'Shower bath suite',
    art: (p) => place(270, 256, 0.6, drawings['shower-bath'].art(p)) + place(-10, 254, 0.6, basin(p)) + place(130, 256, 0.6, toilet(p)),
    box: [90, 320, 690, 640],
    size: [2400, 1950],
    focus: [450, 420],
  },
  'cloakroom-suite': {
    label: 'Cloakroom suite',
    art: (p) => place(60, 160, 0.8, drawings['cloakroom-basin'].art(p)) + place(200, 128, 0.8, toilet(p)),
    box: [268, 296, 670, 640],
    size: [900, 800],
    focus: [300, 340],
  },
  'combination-unit': {
    label: 'Combination vanity and WC unit',
    art: (p) => place(-20, 190, 0.7, drawings['floor-vanity'].art(p)) + place(250, 190, 0.7, drawings['wc-unit'].art(p)),
    box: [106, 352, 660, 640],
    size: [1100, 850],
    focus: [260, 420],
  },
} satisfies Record<string, Drawing>;
