import { drawings as bathroom, suiteDrawings } from './shapes/bathroom.ts';
import { drawings as finishing } from './shapes/finishing.ts';
import { drawings as heating } from './shapes/heating.ts';
import { drawings as plumbing } from './shapes/plumbing.ts';
import { drawings as water } from './shapes/water.ts';
import type { Drawing } from './svg.ts';

export const DRAWINGS = { ...bathroom, ...suiteDrawings, ...water, ...heating, ...plumbing, ...finishing } satisfies Record<string, Drawing>;
export type DrawingId = keyof typeof DRAWINGS;

/**
 * Product family (the sub-category, docs/domain.md §2) → drawing. The seed names a family by the
 * slugified sub-category name (`cisterns-frames-and-flush-plates`), the tree by its slug
 * (`cisterns-frames-flush-plates`): both spellings are listed.
 */
const FAMILIES: Record<string, DrawingId> = {
  'full-bathroom-suites': 'full-suite',
  'shower-bath-suites': 'shower-bath-suite',
  'cloakroom-suites': 'cloakroom-suite',
  'combination-units': 'combination-unit',
  'close-coupled-toilets': 'close-coupled-toilet',
  'back-to-wall-toilets': 'back-to-wall-toilet',
  'wall-hung-toilets': 'wall-hung-toilet',
  'comfort-height-toilets': 'comfort-height-toilet',
  'toilet-seats': 'toilet-seat',
  'cisterns-frames-flush-plates': 'flush-plate',
  'cisterns-frames-and-flush-plates': 'flush-plate',
  'pedestal-basins': 'pedestal-basin',
  'countertop-basins': 'countertop-basin',
  'wall-hung-basins': 'wall-hung-basin',
  'cloakroom-basins': 'cloakroom-basin',
  'inset-basins': 'inset-basin',
  'floor-standing-vanity-units': 'floor-vanity',
  'wall-hung-vanity-units': 'wall-vanity',
  'wc-units': 'wc-unit',
  'tall-units': 'tall-unit',
  'tall-and-side-units': 'tall-unit',
  'straight-baths': 'straight-bath',
  'shower-baths': 'shower-bath',
  'corner-baths': 'corner-bath',
  'freestanding-baths': 'freestanding-bath',
  'double-ended-baths': 'double-ended-bath',
  'bath-screens': 'bath-screen',
  'bath-panels': 'bath-panel',
  'mixer-showers': 'mixer-shower',
  'electric-showers': 'electric-shower',
  'power-showers': 'power-shower',
  'digital-showers': 'digital-shower',
  'shower-heads': 'shower-head',
  'riser-rails-kits': 'riser-rail',
  'riser-rails-and-kits': 'riser-rail',
  'quadrant-enclosures': 'quadrant-enclosure',
  'sliding-door-enclosures': 'sliding-enclosure',
  'bifold-enclosures': 'bifold-enclosure',
  'pivot-hinged-enclosures': 'pivot-enclosure',
  'pivot-and-hinged-enclosures': 'pivot-enclosure',
  'walk-in-panels': 'walk-in-panel',
  'walk-in-and-wet-room-panels': 'walk-in-panel',
  'stone-resin-trays': 'stone-tray',
  'slate-effect-trays': 'slate-tray',
  'low-profile-trays': 'low-tray',
  'tray-riser-kits': 'tray-riser',
  'riser-kits': 'tray-riser',
  'basin-taps': 'basin-tap',
  'bath-taps': 'bath-taps',
  'bath-shower-mixers': 'bath-shower-mixer',
  'freestanding-bath-taps': 'freestanding-tap',
  'kitchen-taps': 'kitchen-tap',
  'designer-radiators': 'designer-radiator',
  'column-radiators': 'column-radiator',
  'traditional-radiators': 'traditional-radiator',
  'vertical-radiators': 'vertical-radiator',
  'central-heating-towel-rails': 'towel-rail',
  'electric-towel-rails': 'electric-towel-rail',
  'dual-fuel-towel-rails': 'dual-fuel-towel-rail',
  'radiator-valves': 'radiator-valve',
  'thermostatic-radiator-valves': 'trv',
  'thermostats-controls': 'thermostat',
  'thermostats-and-controls': 'thermostat',
  pipe: 'pipe',
  'push-fit-fittings': 'push-fit',
  'compression-fittings': 'compression',
  'solder-fittings': 'solder',
  'solder-and-end-feed-fittings': 'solder',
  'isolation-valves': 'isolation-valve',
  'flexible-connectors': 'flexible-connector',
  'basin-wastes': 'basin-waste',
  'bath-wastes': 'bath-waste',
  'shower-wastes': 'shower-waste',
  traps: 'trap',
  'pan-connectors': 'pan-connector',
  'wall-tiles': 'wall-tiles',
  'floor-tiles': 'floor-tiles',
  'mosaic-tiles': 'mosaic-tiles',
  'adhesive-grout': 'adhesive',
  'adhesive-and-grout': 'adhesive',
  'toilet-roll-holders': 'roll-holder',
  'robe-hooks': 'robe-hook',
  'soap-dispensers': 'soap-dispenser',
  'shelves-baskets': 'shelf',
  'shelves-and-baskets': 'shelf',
  'grab-rails': 'grab-rail',
  'led-mirrors': 'led-mirror',
  'mirror-cabinets': 'mirror-cabinet',
  'bathroom-lighting': 'wall-light',
  'shaver-sockets': 'shaver-socket',
  'wall-ceiling-fans': 'extractor-fan',
  'wall-and-ceiling-fans': 'extractor-fan',
  'in-line-fans': 'inline-fan',
  'sealants-adhesives': 'sealant',
  'sealants-and-adhesives': 'sealant',
  'plumbing-tools': 'tools',
};

/**
 * A family the map does not know yet is drawn as its department: English puts the head noun
 * last (`bath-taps` are taps, `shower-trays` are trays), so the last word that names one wins.
 */
const NOUNS: Record<string, DrawingId> = {
  suite: 'full-suite',
  toilet: 'close-coupled-toilet',
  wc: 'close-coupled-toilet',
  seat: 'toilet-seat',
  cistern: 'flush-plate',
  basin: 'pedestal-basin',
  sink: 'countertop-basin',
  vanity: 'floor-vanity',
  unit: 'floor-vanity',
  furniture: 'floor-vanity',
  bath: 'straight-bath',
  screen: 'bath-screen',
  panel: 'bath-panel',
  shower: 'mixer-shower',
  enclosure: 'sliding-enclosure',
  door: 'sliding-enclosure',
  tray: 'stone-tray',
  tap: 'basin-tap',
  mixer: 'basin-tap',
  radiator: 'column-radiator',
  rail: 'towel-rail',
  valve: 'radiator-valve',
  trv: 'trv',
  thermostat: 'thermostat',
  control: 'thermostat',
  pipe: 'pipe',
  fitting: 'compression',
  connector: 'flexible-connector',
  waste: 'basin-waste',
  trap: 'trap',
  tile: 'wall-tiles',
  grout: 'adhesive',
  adhesive: 'adhesive',
  accessory: 'roll-holder',
  holder: 'roll-holder',
  hook: 'robe-hook',
  mirror: 'led-mirror',
  cabinet: 'mirror-cabinet',
  light: 'wall-light',
  lighting: 'wall-light',
  fan: 'extractor-fan',
  sealant: 'sealant',
  tool: 'tools',
};

const singular = (word: string) => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);

/** The drawing for a family: its own, its department's, or the generic parcel. */
export function drawingIdFor(family: string): DrawingId {
  const known = FAMILIES[family];
  if (known) return known;
  const words = family.split('-').toReversed();
  for (const word of words) {
    const byNoun = NOUNS[singular(word)];
    if (byNoun) return byNoun;
  }
  return 'generic';
}

export const KNOWN_FAMILIES = Object.keys(FAMILIES);
