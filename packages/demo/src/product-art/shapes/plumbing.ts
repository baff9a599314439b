import { WHITE } from '../palette.ts';
import { circle, ellipse, line, path, rect, sheen, tube, type Drawing, type Paint } from '../svg.ts';

// Pipe, fittings, wastes and traps, sealants and tools: small parts drawn large.

const BRASS = { base: '#dcae5a', light: '#f2d69a', dark: '#a97c2c' };
const PLASTIC_GREY = { base: '#aeb8c2', light: '#d4dbe2', dark: '#7d8995' };

/** A hexagon nut seen side-on at (x, y), w wide and h tall. */
const nut = (p: Paint, x: number, y: number, w: number, h: number, colour: string) =>
  rect(x - w / 2, y - h / 2, w, h, 6, colour) +
  line(`M${x - w / 6} ${y - h / 2 + 4}V${y + h / 2 - 4}M${x + w / 6} ${y - h / 2 + 4}V${y + h / 2 - 4}`, p.ink, 4);

const copper = (p: Paint) => p.copper;

export const drawings = {
  pipe: {
    label: 'Copper pipe',
    art: (p) =>
      [0, 1, 2]
        .map(
          (i) =>
            tube(`M${150 + i * 40} ${560 - i * 80}L${590 + i * 40} ${320 - i * 80}`, copper(p).base, 40, p.ink) +
            ellipse(590 + i * 40, 320 - i * 80, 12, 22, copper(p).dark, `transform="rotate(-29 ${590 + i * 40} ${320 - i * 80})"`) +
            sheen(p, `M${170 + i * 40} ${540 - i * 80}L${570 + i * 40} ${322 - i * 80}`, 6, copper(p).light),
        )
        .join(''),
    box: [130, 140, 690, 580],
    size: [3000, 15],
    focus: [600, 320],
  },
  'push-fit': {
    label: 'Push-fit elbow',
    art: (p) =>
      tube('M230 520H400Q500 520 500 420V240', WHITE.base, 110, p.ink) +
      rect(170, 450, 90, 140, 20, PLASTIC_GREY.base) +
      rect(430, 170, 140, 90, 20, PLASTIC_GREY.base) +
      line('M200 460V580M460 200H540', PLASTIC_GREY.dark, 8) +
      sheen(p, 'M300 490H400Q470 490 470 420V290', 10, '#e9eef3'),
    box: [164, 164, 576, 596],
    size: [60, 60],
    focus: [230, 520],
    floor: false,
  },
  compression: {
    label: 'Compression tee',
    art: (p) =>
      tube('M180 420H620', BRASS.base, 90, p.ink) +
      tube('M400 420V220', BRASS.base, 90, p.ink) +
      nut(p, 200, 420, 90, 130, BRASS.base) +
      nut(p, 600, 420, 90, 130, BRASS.base) +
      `<g transform="rotate(90 400 220)">${nut(p, 400, 220, 90, 130, BRASS.base)}</g>` +
      sheen(p, 'M260 396H540', 8, BRASS.light) +
      tube('M110 420H150M650 420H690', copper(p).base, 44, p.ink),
    box: [110, 165, 690, 485],
    size: [80, 55],
    focus: [210, 420],
    floor: false,
  },
  solder: {
    label: 'End-feed elbow',
    art: (p) =>
      tube('M200 540H380Q500 540 500 420V220', copper(p).base, 100, p.ink) +
      rect(190, 480, 40, 120, 10, copper(p).dark) +
      rect(440, 210, 120, 40, 10, copper(p).dark) +
      sheen(p, 'M260 510H380Q470 510 470 420V280', 8, copper(p).light),
    box: [150, 170, 556, 596],
    size: [50, 50],
    focus: [210, 540],
    floor: false,
  },
  'isolation-valve': {
    label: 'Isolation valve',
    art: (p) =>
      tube('M140 420H660', p.trim.base, 80, p.ink) +
      nut(p, 230, 420, 90, 130, p.trim.base) +
      nut(p, 570, 420, 90, 130, p.trim.base) +
      rect(330, 340, 140, 160, 24, p.trim.base) +
      rect(360, 260, 80, 80, 10, p.trim.base) +
      circle(400, 250, 46, p.trim.base) +
      line('M370 250H430', p.ink, 10) +
      sheen(p, 'M300 396H500', 6),
    box: [140, 204, 660, 500],
    size: [70, 50],
    focus: [400, 260],
    floor: false,
  },
  'flexible-connector': {
    label: 'Flexible tap connector',
    art: (p) =>
      tube('M250 200C250 420 550 380 550 620', p.trim.base, 50, p.ink) +
      (p.line ? '' : line('M250 200C250 420 550 380 550 620', p.trim.dark, 50, 'stroke-dasharray="4 8" stroke-opacity="0.6"')) +
      nut(p, 250, 170, 110, 90, p.trim.base) +
      rect(220, 100, 60, 40, 8, BRASS.base) +
      nut(p, 550, 640, 110, 90, p.trim.base),
    box: [195, 100, 605, 685],
    size: [15, 300],
    focus: [250, 160],
    floor: false,
  },
  'basin-waste': {
    label: 'Click clack basin waste',
    art: (p) =>
      ellipse(400, 250, 160, 44, p.trim.dark) +
      ellipse(400, 236, 160, 44, p.trim.base) +
      ellipse(400, 230, 110, 26, p.trim.light) +
      rect(340, 270, 120, 300, 10, p.trim.base) +
      line('M340 330H460M340 360H460M340 390H460M340 420H460M340 450H460', p.trim.dark, 5) +
      nut(p, 400, 500, 200, 60, p.trim.base) +
      rect(350, 570, 100, 60, 10, p.trim.base),
    box: [240, 192, 560, 630],
    size: [63, 110],
    focus: [400, 240],
    floor: false,
  },
  'bath-waste': {
    label: 'Bath waste and overflow',
    art: (p) =>
      tube('M260 300C160 420 260 560 400 560', PLASTIC_GREY.base, 44, p.ink) +
      circle(270, 250, 90, p.trim.base) +
      circle(270, 250, 56, p.trim.light) +
      ellipse(500, 520, 150, 40, p.trim.base) +
      ellipse(500, 512, 100, 22, p.trim.light) +
      rect(440, 550, 120, 90, 12, WHITE.base),
    box: [160, 160, 650, 640],
    size: [70, 400],
    focus: [270, 250],
    floor: false,
  },
  'shower-waste': {
    label: 'Shower waste',
    art: (p) =>
      rect(260, 380, 280, 200, 30, WHITE.base) +
      tube('M540 520H680', WHITE.base, 70, p.ink) +
      ellipse(400, 380, 200, 60, p.trim.base) +
      line('M280 380H520M300 360H500M300 400H500', p.trim.dark, 8),
    box: [200, 320, 690, 580],
    size: [110, 90],
    focus: [400, 380],
    floor: false,
  },
  trap: {
    label: 'Bottle trap',
    art: (p) =>
      rect(370, 150, 60, 160, 10, p.trim.base) +
      nut(p, 400, 160, 110, 40, p.trim.base) +
      rect(320, 300, 160, 300, 60, p.trim.base) +
      tube('M480 380H640', p.trim.base, 50, p.ink) +
      nut(p, 470, 380, 30, 80, p.trim.base) +
      sheen(p, 'M350 330V560', 10),
    box: [320, 140, 650, 600],
    size: [90, 290],
    focus: [440, 380],
    floor: false,
  },
  'pan-connector': {
    label: 'Toilet pan connector',
    art: (p) =>
      tube('M200 300H360Q440 300 440 380V440Q440 520 520 520H600', WHITE.base, 120, p.ink) +
      rect(150, 230, 80, 140, 20, '#f4f7fa') +
      line('M175 240V360M205 240V360', PLASTIC_GREY.base, 6) +
      ellipse(620, 520, 30, 66, '#e6ebf0'),
    box: [150, 230, 660, 590],
    size: [110, 180],
    focus: [200, 300],
    floor: false,
  },
  sealant: {
    label: 'Silicone sealant cartridge',
    art: (p) =>
      '<g transform="rotate(-30 400 420)">' +
      rect(160, 350, 420, 140, 20, WHITE.base) +
      rect(250, 350, 220, 140, 0, p.line ? '#ffffff' : p.accent.base) +
      path('M580 380L700 410V430L580 460Z', WHITE.base) +
      rect(130, 360, 30, 120, 8, '#dfe6ec') +
      (p.line
        ? ''
        : '<text x="360" y="432" text-anchor="middle" font-family="Inter, Arial, sans-serif" ' +
          'font-size="38" font-weight="800" fill="#ffffff" stroke="none">SILICONE</text>') +
      '</g>',
    box: [150, 200, 650, 640],
    size: [290, 50],
    focus: [400, 420],
  },
  tools: {
    label: 'Adjustable spanner',
    art: (p) =>
      `<g transform="rotate(-35 400 400)">${
        rect(240, 370, 420, 70, 35, '#aab4bf') +
        rect(260, 385, 180, 40, 20, p.line ? '#ffffff' : p.accent.base) +
        path('M120 330H230Q260 330 260 360V450Q260 480 230 480H120V440H190V370H120Z', '#c3ccd5') +
        rect(200, 440, 50, 30, 6, '#8d9aa8')
      }</g>`,
    box: [180, 150, 640, 640],
    size: [250, 40],
    focus: [240, 440],
  },
} satisfies Record<string, Drawing>;
