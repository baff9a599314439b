import { WHITE } from '../palette.ts';
import { circle, coat, ellipse, line, path, rect, sheen, tube, type Drawing, type Paint } from '../svg.ts';

// Showers, enclosures, trays and taps.

const handset = (p: Paint, x: number, y: number) =>
  path(
    `M${x - 10} ${y + 150}L${x - 4} ${y + 40}L${x - 40} ${y - 10}Q${x - 30} ${y - 40} ${x} ${y - 36}L${x + 26} ${y + 36}L${x + 10} ${y + 150}Z`,
    p.trim.base,
  ) + ellipse(x - 8, y - 20, 30, 12, p.trim.light, `transform="rotate(-30 ${x - 8} ${y - 20})"`);

const riser = (p: Paint, x: number, top: number, bottom: number) =>
  rect(x - 20, top - 10, 40, 36, 10, p.trim.base) +
  rect(x - 20, bottom - 26, 40, 36, 10, p.trim.base) +
  tube(`M${x} ${top + 26}V${bottom - 26}`, p.trim.base, 16, p.ink) +
  sheen(p, `M${x - 2} ${top + 40}V${bottom - 40}`, 4);

const hose = (p: Paint, d: string) => tube(d, p.trim.base, 12, p.ink) + (p.line ? '' : line(d, p.trim.dark, 12, 'stroke-dasharray="3 9"'));

const overheadHead = (p: Paint, cx: number, y: number, r: number) =>
  ellipse(cx, y + 10, r, 18, p.trim.dark) +
  ellipse(cx, y, r, 18, p.trim.base) +
  (p.line
    ? ''
    : line(
        `M${cx - r + 40} ${y + 50}l-8 40M${cx} ${y + 54}v48M${cx + r - 40} ${y + 50}l8 40M${cx - r / 2} ${y + 70}l-4 30M${cx + r / 2} ${y + 70}l4 30`,
        p.accent.base,
        6,
        'stroke-dasharray="14 14"',
      ));

const showerBox = (p: Paint, dials: 1 | 2) => {
  const face = rect(270, 180, 230, 320, 30, WHITE.base) + rect(290, 200, 190, 90, 18, p.accent.light);
  const controls =
    dials === 1
      ? circle(385, 380, 56, p.trim.base) + circle(385, 380, 30, p.trim.light) + rect(320, 452, 130, 20, 10, p.accent.base)
      : circle(335, 385, 38, p.trim.base) + circle(435, 385, 38, p.trim.base) + rect(330, 448, 110, 24, 12, p.trim.light);
  return face + controls + hose(p, 'M385 500C385 600 600 620 600 480V420') + riser(p, 600, 140, 600) + handset(p, 600, 210);
};

const tray = (p: Paint, colour: string, thick: number) =>
  path(`M120 440L400 340L690 430L410 540Z`, colour) +
  path(`M120 440L410 540V${540 + thick}L120 ${440 + thick}Z`, p.line ? colour : shade(colour)) +
  path(`M410 540L690 430V${430 + thick}L410 ${540 + thick}Z`, colour) +
  ellipse(520, 436, 50, 18, p.trim.base) +
  (p.line ? '' : line('M488 436H552', p.trim.dark, 5));
const shade = (colour: string) => (colour === '#ffffff' ? '#e3e9ef' : '#3a3f46');

const enclosureBase = (p: Paint) => rect(120, 600, 560, 40, 10, p.ceramic.base);
const pane = (p: Paint, x0: number, x1: number, top = 130, bottom = 600) =>
  path(`M${x0} ${top}H${x1}V${bottom}H${x0}Z`, p.glass, 'fill-opacity="0.7"') +
  sheen(p, `M${x0 + 30} ${top + 60}L${x0 + Math.min(150, x1 - x0 - 20)} ${top + 150}M${x0 + 30} ${top + 120}L${x0 + 80} ${top + 150}`, 10, '#ffffff');
const profile = (p: Paint, x: number, top = 124, bottom = 604) => rect(x - 9, top, 18, bottom - top, 6, p.trim.base);
const frameTop = (p: Paint, d: string) => tube(d, p.trim.base, 12, p.ink);

const pillar = (p: Paint, x: number, base: number) =>
  rect(x - 40, base - 14, 80, 16, 6, p.trim.dark) +
  rect(x - 26, base - 170, 52, 158, 18, p.trim.base) +
  path(`M${x + 20} ${base - 150}H${x + 70}Q${x + 86} ${base - 150} ${x + 86} ${base - 134}V${base - 110}H${x + 62}V${base - 126}H${x + 20}Z`, p.trim.base) +
  rect(x - 8, base - 206, 16, 40, 6, p.trim.base) +
  rect(x - 50, base - 214, 100, 22, 11, p.trim.base) +
  rect(x - 11, base - 236, 22, 66, 11, p.trim.base) +
  sheen(p, `M${x - 12} ${base - 150}V${base - 30}`, 6);

export const drawings = {
  'mixer-shower': {
    label: 'Thermostatic mixer shower',
    art: (p) =>
      tube('M520 500V150H340', p.trim.base, 18, p.ink) +
      overheadHead(p, 300, 150, 120) +
      rect(200, 480, 400, 70, 35, p.trim.base) +
      rect(180, 474, 64, 82, 20, p.trim.dark) +
      rect(556, 474, 64, 82, 20, p.trim.dark) +
      sheen(p, 'M270 496H520', 6) +
      handset(p, 520, 300),
    box: [180, 132, 620, 556],
    size: [600, 1100],
    focus: [540, 500],
    zoom: 2,
    floor: false,
  },
  'electric-shower': { label: 'Electric shower', art: (p) => showerBox(p, 1), box: [270, 130, 630, 614], size: [230, 1000], focus: [385, 340], floor: false },
  'power-shower': { label: 'Power shower', art: (p) => showerBox(p, 2), box: [270, 130, 630, 614], size: [240, 1000], focus: [385, 380], floor: false },
  'digital-shower': {
    label: 'Digital shower',
    art: (p) =>
      tube('M560 620V170H420', p.trim.base, 18, p.ink) +
      overheadHead(p, 380, 170, 110) +
      rect(230, 300, 200, 260, 26, '#1f2a36') +
      rect(256, 330, 148, 70, 10, p.line ? '#ffffff' : '#2c3e50') +
      (p.line
        ? ''
        : `<text x="330" y="378" text-anchor="middle" font-family="Inter, Arial, sans-serif" ` +
          `font-size="40" font-weight="700" fill="${p.accent.light}" stroke="none">38°</text>`) +
      circle(330, 480, 44, p.trim.base) +
      circle(330, 480, 22, p.trim.light),
    box: [230, 152, 576, 620],
    size: [600, 1150],
    focus: [330, 420],
    floor: false,
  },
  'shower-head': {
    label: 'Shower head',
    art: (p) => {
      const nozzles = p.line
        ? ''
        : [60, 110, 160]
            .flatMap((r, ring) =>
              Array.from({ length: 8 + ring * 6 }, (_, i) => {
                const a = (i / (8 + ring * 6)) * Math.PI * 2;
                return `M${Math.round(400 + r * Math.cos(a))} ${Math.round(420 + r * Math.sin(a))}h0`;
              }),
            )
            .join('');
      return (
        tube('M400 110V180', p.trim.base, 24, p.ink) +
        circle(400, 420, 220, p.trim.dark) +
        circle(400, 410, 220, p.trim.base) +
        circle(400, 410, 190, p.trim.light) +
        line(nozzles, p.ink, 14) +
        sheen(p, 'M250 290Q300 230 380 215', 10, '#ffffff')
      );
    },
    box: [180, 110, 620, 640],
    size: [300, 300],
    focus: [400, 380],
    floor: false,
  },
  'riser-rail': {
    label: 'Riser rail kit',
    art: (p) =>
      riser(p, 480, 110, 600) +
      handset(p, 480, 190) +
      hose(p, 'M470 340C470 560 260 620 300 440V400') +
      rect(270, 380, 60, 40, 12, p.trim.base) +
      rect(360, 470, 100, 24, 12, p.trim.base),
    box: [270, 100, 500, 610],
    size: [150, 1000],
    focus: [460, 210],
    floor: false,
  },
  'quadrant-enclosure': {
    label: 'Quadrant shower enclosure',
    art: (p) =>
      path('M120 600Q400 680 680 600V640Q400 720 120 640Z', p.ceramic.base) +
      pane(p, 140, 660, 140, 620) +
      frameTop(p, 'M130 130Q400 200 670 130') +
      profile(p, 140, 124, 620) +
      profile(p, 660, 124, 620) +
      line('M330 150V640M470 150V640', p.ink, 5) +
      rect(320, 350, 12, 90, 6, p.trim.base) +
      rect(468, 350, 12, 90, 6, p.trim.base),
    box: [120, 124, 680, 680],
    size: [900, 1900],
    focus: [400, 390],
  },
  'sliding-enclosure': {
    label: 'Sliding door shower enclosure',
    art: (p) =>
      enclosureBase(p) +
      pane(p, 140, 420) +
      pane(p, 380, 660) +
      frameTop(p, 'M130 130H670') +
      circle(420, 146, 14, p.trim.light) +
      circle(620, 146, 14, p.trim.light) +
      profile(p, 140) +
      profile(p, 660) +
      rect(394, 290, 18, 180, 9, p.trim.base),
    box: [120, 124, 680, 640],
    size: [1200, 1950],
    focus: [400, 380],
  },
  'bifold-enclosure': {
    label: 'Bifold shower door',
    art: (p) =>
      enclosureBase(p) +
      pane(p, 140, 290) +
      path('M290 130L440 170V560L290 600Z', p.glass, 'fill-opacity="0.75"') +
      pane(p, 440, 660) +
      frameTop(p, 'M130 130H290L440 170H670') +
      profile(p, 140) +
      profile(p, 660) +
      rect(282, 130, 16, 470, 6, p.trim.base) +
      rect(426, 300, 16, 120, 8, p.trim.base),
    box: [120, 124, 680, 640],
    size: [900, 1900],
    focus: [300, 300],
  },
  'pivot-enclosure': {
    label: 'Pivot shower door',
    art: (p) =>
      enclosureBase(p) +
      pane(p, 150, 430) +
      pane(p, 440, 650) +
      profile(p, 140) +
      profile(p, 660) +
      rect(150, 170, 50, 30, 8, p.trim.base) +
      rect(150, 530, 50, 30, 8, p.trim.base) +
      circle(400, 360, 22, p.trim.base) +
      circle(400, 360, 10, p.trim.light),
    box: [120, 124, 680, 640],
    size: [800, 1900],
    focus: [260, 190],
  },
  'walk-in-panel': {
    label: 'Walk-in shower panel',
    art: (p) =>
      rect(160, 616, 480, 24, 6, p.ceramic.base) +
      pane(p, 210, 520, 110, 616) +
      profile(p, 200, 104, 616) +
      tube('M520 150L680 150', p.trim.base, 14, p.ink) +
      rect(660, 126, 30, 50, 8, p.trim.base) +
      rect(508, 130, 30, 40, 8, p.trim.base),
    box: [160, 104, 690, 640],
    size: [1000, 2000],
    focus: [560, 150],
  },
  'stone-tray': { label: 'Stone resin shower tray', art: (p) => tray(p, p.ceramic.base, 40), box: [120, 340, 690, 580], size: [1200, 40], focus: [520, 440] },
  'slate-tray': {
    label: 'Slate effect shower tray',
    art: (p) =>
      tray(p, p.line ? '#ffffff' : '#4b525b', 40) +
      (p.line ? '' : line('M200 440L420 370M260 470L540 380M350 500L600 420M420 380L640 440', '#626a74', 5, 'stroke-dasharray="40 18 12 30"')),
    box: [120, 340, 690, 580],
    size: [1200, 30],
    focus: [520, 440],
  },
  'low-tray': { label: 'Low profile shower tray', art: (p) => tray(p, p.ceramic.base, 18), box: [120, 340, 690, 558], size: [1000, 25], focus: [520, 440] },
  'tray-riser': {
    label: 'Shower tray riser kit',
    art: (p) => {
      const grey = coat(p, { base: '#9aa5b1', light: '#c9d1d9', dark: '#6d7886' });
      const leg = (x: number, y: number) => rect(x - 14, y, 28, 90, 6, grey.base) + rect(x - 30, y + 86, 60, 14, 6, grey.dark);
      return (
        leg(180, 470) +
        leg(620, 470) +
        leg(300, 510) +
        leg(500, 510) +
        path('M140 430L400 360L660 430L400 500Z', 'none', `stroke-width="20"`) +
        path('M140 430L400 360L660 430L400 500Z', 'none', `stroke="${grey.base}" stroke-width="10"`) +
        line('M270 395L530 465M530 395L270 465', grey.dark, 10)
      );
    },
    box: [140, 360, 660, 610],
    size: [900, 120],
    focus: [400, 430],
  },
  'basin-tap': {
    label: 'Basin mixer tap',
    art: (p) => {
      const t = p.trim;
      return (
        rect(300, 612, 200, 28, 10, t.dark) +
        rect(340, 270, 120, 348, 40, t.base) +
        path('M440 300H600Q640 300 640 340V400H580V362H440Z', t.base) +
        ellipse(610, 400, 30, 8, t.dark) +
        tube('M400 270L330 160', t.base, 30, p.ink) +
        sheen(p, 'M372 310V580', 14) +
        sheen(p, 'M470 320H590', 8)
      );
    },
    box: [300, 140, 640, 640],
    size: [170, 180],
    focus: [590, 360],
  },
  'bath-taps': {
    label: 'Bath pillar taps',
    art: (p) => pillar(p, 270, 620) + pillar(p, 510, 620),
    box: [220, 384, 596, 620],
    size: [180, 120],
    focus: [270, 420],
  },
  'bath-shower-mixer': {
    label: 'Bath shower mixer',
    art: (p) =>
      rect(180, 560, 60, 24, 8, p.trim.dark) +
      rect(560, 560, 60, 24, 8, p.trim.dark) +
      rect(190, 470, 40, 96, 14, p.trim.base) +
      rect(570, 470, 40, 96, 14, p.trim.base) +
      rect(170, 440, 460, 56, 28, p.trim.base) +
      path('M360 490H440V540Q440 560 420 560H380Q360 560 360 540Z', p.trim.base) +
      rect(150, 424, 80, 32, 14, p.trim.dark) +
      rect(570, 424, 80, 32, 14, p.trim.dark) +
      sheen(p, 'M220 456H580', 8) +
      hose(p, 'M600 440C640 360 560 300 520 360') +
      handset(p, 470, 220),
    box: [150, 170, 650, 584],
    size: [330, 300],
    focus: [400, 470],
  },
  'freestanding-tap': {
    label: 'Freestanding bath shower mixer',
    art: (p) =>
      rect(290, 620, 220, 20, 8, p.trim.dark) +
      tube('M360 620V220Q360 170 410 170H480Q520 170 520 210V240', p.trim.base, 34, p.ink) +
      tube('M440 620V300', p.trim.base, 34, p.ink) +
      rect(330, 430, 140, 34, 14, p.trim.base) +
      rect(300, 280, 40, 24, 10, p.trim.base) +
      handset(p, 470, 420) +
      sheen(p, 'M352 260V600', 6),
    box: [290, 150, 536, 640],
    size: [300, 1100],
    focus: [460, 220],
  },
  'kitchen-tap': {
    label: 'Kitchen mixer tap',
    art: (p) =>
      rect(300, 612, 160, 28, 10, p.trim.dark) +
      tube('M380 612V260A120 120 0 0 1 620 260V340', p.trim.base, 40, p.ink) +
      rect(594, 330, 52, 50, 10, p.trim.dark) +
      rect(340, 470, 80, 80, 20, p.trim.base) +
      tube('M420 500L490 470', p.trim.base, 16, p.ink) +
      sheen(p, 'M370 300V590', 8),
    box: [300, 120, 646, 640],
    size: [250, 400],
    focus: [580, 250],
  },
} satisfies Record<string, Drawing>;
