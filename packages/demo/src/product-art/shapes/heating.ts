import { CHROME, WHITE } from '../palette.ts';
import { circle, coat, line, path, rect, sheen, tube, type Drawing, type Paint, type Tone } from '../svg.ts';

// Radiators, towel rails and their valves. The painted body carries the finish.

const valve = (p: Paint, x: number, y: number, flip = false) => {
  const s = flip ? -1 : 1;
  return (
    rect(x - 14, y, 28, 40, 6, p.trim.base) +
    rect(x - 22, y + 40, 44, 22, 6, p.trim.dark) +
    tube(`M${x} ${y + 62}V${y + 110}`, p.copper.base, 14, p.ink) +
    rect(x + s * 14 - (flip ? 30 : 0), y + 6, 30, 26, 8, p.trim.base)
  );
};

const columns = (body: Tone, x0: number, x1: number, top: number, bottom: number, width: number, gap: number) => {
  let out = '';
  for (let x = x0; x + width <= x1; x += width + gap) out += rect(x, top, width, bottom - top, width / 2, body.base);
  return out;
};

const ladder = (p: Paint, body: Tone, x0: number, x1: number, top: number, bottom: number) => {
  let rungs = '';
  for (let y = top + 40; y < bottom - 20; y += y > (top + bottom) / 2 ? 44 : 36) rungs += rect(x0 + 20, y, x1 - x0 - 40, 16, 8, body.base);
  return (
    rungs +
    rect(x0, top, 34, bottom - top, 17, body.base) +
    rect(x1 - 34, top, 34, bottom - top, 17, body.base) +
    sheen(p, `M${x0 + 10} ${top + 30}V${bottom - 30}M${x1 - 24} ${top + 30}V${bottom - 30}`, 6, body.light)
  );
};

const towel = (p: Paint) => (p.line ? '' : path('M330 200H540V360Q490 390 435 360Q380 330 330 360Z', p.accent.light) + line('M330 330H540', p.accent.base, 6));

const rail = (p: Paint) => coat(p, CHROME);

export const drawings = {
  'column-radiator': {
    label: 'Column radiator',
    art: (p) => {
      const body = coat(p, WHITE);
      return (
        rect(180, 560, 26, 80, 8, body.base) +
        rect(594, 560, 26, 80, 8, body.base) +
        columns(body, 140, 666, 250, 580, 30, 8) +
        line('M140 286H660M140 544H660', p.line ? p.ink : body.dark, 4) +
        valve(p, 116, 520) +
        valve(p, 684, 520, true)
      );
    },
    box: [100, 250, 700, 640],
    size: [1000, 600],
    focus: [200, 560],
  },
  'designer-radiator': {
    label: 'Designer radiator',
    art: (p) => {
      const body = coat(p, WHITE);
      let grooves = '';
      for (let y = 290; y < 540; y += 40) grooves += `M170 ${y}H630`;
      return (
        rect(140, 250, 520, 320, 14, body.base) +
        line(grooves, p.line ? p.ink : body.dark, 6) +
        sheen(p, 'M160 270H640', 6, body.light) +
        valve(p, 190, 570) +
        valve(p, 610, 570, true)
      );
    },
    box: [140, 250, 660, 640],
    size: [1000, 600],
    focus: [190, 590],
    floor: false,
  },
  'traditional-radiator': {
    label: 'Traditional cast iron style radiator',
    art: (p) => {
      const body = coat(p, WHITE);
      let out = '';
      for (let x = 150; x <= 610; x += 46) {
        out += path(
          `M${x} 270Q${x} 240 ${x + 20} 240Q${x + 40} 240 ${x + 40} 270V300Q${x + 30} 320 ${x + 40} 340V520Q${x + 30} 540 ` +
            `${x + 40} 560V600Q${x + 40} 620 ${x + 20} 620Q${x} 620 ${x} 600V560Q${x + 10} 540 ${x} 520V340Q${x + 10} 320 ${x} 300Z`,
          body.base,
        );
        out += line(`M${x + 12} 360V500`, p.line ? p.ink : body.dark, 4);
      }
      return out + rect(156, 620, 36, 20, 6, body.dark) + rect(616, 620, 36, 20, 6, body.dark) + valve(p, 124, 560) + valve(p, 688, 560, true);
    },
    box: [110, 240, 700, 640],
    size: [1000, 600],
    focus: [240, 300],
  },
  'vertical-radiator': {
    label: 'Vertical radiator',
    art: (p) => {
      const body = coat(p, WHITE);
      return (
        rect(290, 110, 220, 24, 10, body.base) +
        rect(290, 556, 220, 24, 10, body.base) +
        columns(body, 296, 510, 120, 570, 38, 8) +
        valve(p, 320, 580) +
        valve(p, 480, 580, true)
      );
    },
    box: [290, 110, 510, 640],
    size: [450, 1800],
    focus: [400, 150],
    floor: false,
  },
  'towel-rail': {
    label: 'Heated towel rail',
    art: (p) => ladder(p, rail(p), 300, 560, 110, 580) + towel(p) + valve(p, 317, 580) + valve(p, 543, 580, true),
    box: [290, 110, 570, 690],
    size: [500, 1200],
    focus: [430, 300],
    floor: false,
  },
  'electric-towel-rail': {
    label: 'Electric towel rail',
    art: (p) =>
      ladder(p, rail(p), 300, 560, 110, 580) +
      rect(530, 560, 60, 70, 12, WHITE.base) +
      circle(560, 584, 12, p.accent.base) +
      tube('M560 630Q560 680 640 680', '#ffffff', 10, p.ink),
    box: [300, 110, 640, 680],
    size: [500, 1200],
    focus: [560, 590],
    floor: false,
  },
  'dual-fuel-towel-rail': {
    label: 'Dual fuel towel rail',
    art: (p) =>
      ladder(p, rail(p), 300, 560, 110, 580) +
      valve(p, 317, 580) +
      rect(524, 580, 38, 40, 8, p.trim.base) +
      rect(562, 586, 50, 30, 8, p.trim.base) +
      rect(520, 620, 46, 60, 10, WHITE.base) +
      circle(543, 644, 10, p.accent.base),
    box: [300, 110, 612, 690],
    size: [500, 1200],
    focus: [550, 610],
    floor: false,
  },
  'radiator-valve': {
    label: 'Angled radiator valve',
    art: (p) =>
      tube('M150 330H300', p.trim.base, 50, p.ink) +
      rect(300, 290, 60, 80, 10, p.trim.dark) +
      rect(360, 270, 140, 120, 30, p.trim.base) +
      tube('M430 390V640', p.copper.base, 50, p.ink) +
      rect(396, 390, 68, 60, 10, p.trim.dark) +
      path('M390 270V200Q390 170 430 170Q470 170 470 200V270Z', p.trim.base) +
      sheen(p, 'M380 290H480M405 200V260', 10),
    box: [150, 170, 500, 640],
    size: [60, 90],
    focus: [430, 250],
  },
  trv: {
    label: 'Thermostatic radiator valve',
    art: (p) => {
      const head = coat(p, WHITE);
      let ribs = '';
      for (let x = 340; x <= 460; x += 24) ribs += `M${x} 140V330`;
      return (
        tube('M150 460H300', p.trim.base, 50, p.ink) +
        rect(300, 420, 200, 90, 24, p.trim.base) +
        tube('M400 510V640', p.copper.base, 50, p.ink) +
        rect(330, 110, 140, 320, 50, head.base) +
        line(ribs, p.line ? p.ink : head.dark, 6) +
        rect(360, 350, 80, 40, 8, p.line ? '#ffffff' : head.light) +
        (p.line
          ? ''
          : `<text x="400" y="382" text-anchor="middle" font-family="Inter, Arial, sans-serif" ` +
            `font-size="32" font-weight="700" fill="${p.ink}" stroke="none">3</text>`)
      );
    },
    box: [150, 110, 500, 640],
    size: [60, 150],
    focus: [400, 360],
  },
  thermostat: {
    label: 'Room thermostat',
    art: (p) =>
      rect(230, 230, 340, 340, 60, coat(p, WHITE).base) +
      circle(400, 400, 130, p.trim.base) +
      circle(400, 400, 100, p.line ? '#ffffff' : '#1f2a36') +
      (p.line
        ? ''
        : `<text x="400" y="420" text-anchor="middle" font-family="Inter, Arial, sans-serif" ` +
          `font-size="64" font-weight="700" fill="${p.accent.light}" stroke="none">21°</text>`) +
      circle(400, 500, 6, p.accent.base, 'stroke="none"'),
    box: [230, 230, 570, 570],
    size: [86, 86],
    focus: [400, 400],
    floor: false,
    zoom: 1.8,
  },
} satisfies Record<string, Drawing>;
