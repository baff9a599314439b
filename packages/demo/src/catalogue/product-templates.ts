/**
 * Demo catalogue templates (docs/domain.md §2): per department, how many products, the
 * mid-range base price (pence, inc VAT), variant axes and attribute facets. Seed data, not rules.
 */
import type { Returnability } from '@shop/contracts';

export interface FacetTemplate {
  identifier: string;
  displayName: string;
  values: string[];
}

export interface DepartmentTemplate {
  slug: string;
  count: number;
  /** Base price in pence inc VAT for a core brand, default size and chrome/white finish. */
  basePence: number;
  /** Singular noun for names and search ("Basin", "Toilet"). */
  noun: string;
  keywords: string;
  widths?: number[];
  finishes?: string[];
  /** A finish each product has one of, not a variant axis (a basin's glaze): filterable as Finish. */
  surfaceFinishes?: string[];
  handed?: boolean;
  packs?: number[];
  deliveryClass: 'parcel' | 'large' | 'pallet' | 'two_man_eligible';
  weee?: boolean;
  guaranteeYears: number;
  facets: FacetTemplate[];
}

const f = (identifier: string, displayName: string, values: string[]): FacetTemplate => ({ identifier, displayName, values });
const yesNo = ['Yes', 'No'];
const TAP_FINISHES = ['Chrome', 'Matt Black', 'Brushed Brass', 'Brushed Nickel', 'Gunmetal'];
const FURNITURE_FINISHES = ['Gloss White', 'Matt Grey', 'Sage', 'Navy', 'Oak', 'Graphite'];

export const DEPARTMENTS: DepartmentTemplate[] = [
  {
    slug: 'bathroom-suites',
    count: 30,
    basePence: 79_900,
    noun: 'Bathroom Suite',
    keywords: 'suite toilet basin bath',
    deliveryClass: 'pallet',
    guaranteeYears: 10,
    facets: [f('style', 'Style', ['Modern', 'Traditional']), f('suite_type', 'Suite type', ['Full', 'Shower Bath', 'Cloakroom', 'Combination'])],
  },
  {
    slug: 'toilets',
    count: 50,
    basePence: 22_900,
    noun: 'Toilet',
    keywords: 'toilet wc loo pan',
    deliveryClass: 'large',
    guaranteeYears: 10,
    facets: [
      f('toilet_type', 'Toilet type', ['Close Coupled', 'Back to Wall', 'Wall Hung', 'Comfort Height']),
      f('rimless', 'Rimless', yesNo),
      f('soft_close_seat', 'Soft close seat', yesNo),
      f('flush_volume', 'Flush volume', ['6/4 L', '4/2.6 L']),
    ],
  },
  {
    slug: 'basins',
    count: 45,
    basePence: 14_900,
    noun: 'Basin',
    keywords: 'basin sink washbasin',
    widths: [400, 500, 550, 600],
    surfaceFinishes: ['Gloss White', 'Matt White', 'Matt Black', 'Stone Grey'],
    deliveryClass: 'large',
    guaranteeYears: 10,
    facets: [
      f('installation', 'Installation', ['Pedestal', 'Semi Pedestal', 'Countertop', 'Wall Hung', 'Inset']),
      f('tap_holes', 'Tap holes', ['0', '1', '2', '3']),
      f('overflow', 'Overflow', yesNo),
      f('material', 'Material', ['Vitreous China', 'Ceramic', 'Cast Mineral']),
    ],
  },
  {
    slug: 'vanity-units',
    count: 60,
    basePence: 34_900,
    noun: 'Vanity Unit',
    keywords: 'vanity unit furniture basin sink cabinet',
    widths: [500, 600, 800, 1000, 1200],
    finishes: FURNITURE_FINISHES,
    deliveryClass: 'pallet',
    guaranteeYears: 5,
    facets: [
      f('mounting', 'Mounting', ['Floor Standing', 'Wall Hung']),
      f('doors_drawers', 'Doors or drawers', ['1 Door', '2 Doors', '1 Drawer', '2 Drawers']),
      f('basin_included', 'Basin included', yesNo),
    ],
  },
  {
    slug: 'baths',
    count: 45,
    basePence: 26_900,
    noun: 'Bath',
    keywords: 'bath bathtub tub',
    widths: [1500, 1600, 1700, 1800],
    handed: true,
    deliveryClass: 'pallet',
    guaranteeYears: 25,
    facets: [
      f('shape', 'Shape', ['Straight', 'P Shape', 'L Shape', 'Corner', 'Freestanding']),
      f('material', 'Material', ['Acrylic', 'Steel Enamel', 'Cast Iron', 'Stone Resin']),
      f('ends', 'Ends', ['Single Ended', 'Double Ended']),
    ],
  },
  {
    slug: 'bath-screens-panels',
    count: 25,
    basePence: 12_900,
    noun: 'Bath Screen',
    keywords: 'bath screen panel glass',
    widths: [700, 800, 1700],
    handed: true,
    deliveryClass: 'large',
    guaranteeYears: 10,
    facets: [f('type', 'Type', ['Fixed Screen', 'Hinged Screen', 'Front Panel', 'End Panel']), f('glass_mm', 'Glass thickness', ['6 mm', '8 mm'])],
  },
  {
    slug: 'showers',
    count: 60,
    basePence: 21_900,
    noun: 'Shower',
    keywords: 'shower mixer valve',
    finishes: TAP_FINISHES,
    deliveryClass: 'parcel',
    guaranteeYears: 5,
    facets: [
      f('shower_type', 'Shower type', ['Mixer', 'Electric', 'Power', 'Digital', 'Kit']),
      f('valve', 'Valve', ['Thermostatic', 'Manual']),
      f('outlets', 'Outlets', ['1', '2', '3']),
      f('min_pressure_bar', 'Minimum pressure', ['0.1 bar', '0.5 bar', '1.0 bar']),
      f('wras', 'WRAS approved', yesNo),
    ],
  },
  {
    slug: 'shower-enclosures',
    count: 60,
    basePence: 32_900,
    noun: 'Shower Enclosure',
    keywords: 'shower enclosure cubicle door glass',
    widths: [760, 800, 900, 1000, 1200],
    finishes: ['Chrome', 'Matt Black', 'Brushed Brass'],
    deliveryClass: 'pallet',
    guaranteeYears: 10,
    facets: [
      f('enclosure_type', 'Enclosure type', ['Quadrant', 'Sliding Door', 'Bifold', 'Pivot', 'Walk-in']),
      f('glass_mm', 'Glass thickness', ['6 mm', '8 mm', '10 mm']),
      f('tray_included', 'Tray included', yesNo),
      f('easy_clean', 'Easy clean glass', yesNo),
    ],
  },
  {
    slug: 'shower-trays',
    count: 35,
    basePence: 19_900,
    noun: 'Shower Tray',
    keywords: 'shower tray stone resin',
    widths: [800, 900, 1000, 1200, 1400, 1700],
    deliveryClass: 'large',
    guaranteeYears: 25,
    facets: [
      f('material', 'Material', ['Stone Resin', 'Acrylic Capped']),
      f('tray_finish', 'Finish', ['White', 'Slate Black', 'Slate Grey']),
      f('anti_slip', 'Anti-slip', yesNo),
      f('low_profile', 'Low profile', yesNo),
    ],
  },
  {
    slug: 'taps',
    count: 70,
    basePence: 11_900,
    noun: 'Tap',
    keywords: 'tap taps mixer faucet',
    finishes: TAP_FINISHES,
    deliveryClass: 'parcel',
    guaranteeYears: 5,
    facets: [
      f('tap_type', 'Tap type', ['Mono Basin Mixer', 'Tall Basin Mixer', 'Bath Filler', 'Bath Shower Mixer', 'Pillar Taps', 'Kitchen Mixer']),
      f('tap_holes', 'Tap holes', ['1', '2', '3']),
      f('control', 'Control', ['Single Lever', 'Dual Lever', 'Cross Head']),
      f('wras', 'WRAS approved', yesNo),
    ],
  },
  {
    slug: 'radiators',
    count: 50,
    basePence: 29_900,
    noun: 'Radiator',
    keywords: 'radiator rad heating column',
    widths: [400, 600, 800, 1000, 1200],
    finishes: ['Anthracite', 'White', 'Chrome', 'Matt Black'],
    deliveryClass: 'large',
    guaranteeYears: 10,
    facets: [
      f('orientation', 'Orientation', ['Horizontal', 'Vertical']),
      f('radiator_type', 'Radiator type', ['Designer', 'Column', 'Traditional']),
      f('connection', 'Connection', ['Bottom', 'Side']),
    ],
  },
  {
    slug: 'towel-rails',
    count: 35,
    basePence: 10_900,
    noun: 'Towel Rail',
    keywords: 'towel rail radiator rad ladder warmer',
    widths: [400, 500, 600],
    finishes: ['Chrome', 'White', 'Anthracite', 'Matt Black'],
    deliveryClass: 'large',
    guaranteeYears: 5,
    facets: [f('fuel', 'Fuel', ['Central Heating', 'Electric', 'Dual Fuel'])],
  },
  {
    slug: 'heating-controls-valves',
    count: 25,
    basePence: 2_900,
    noun: 'Radiator Valve',
    keywords: 'radiator valve trv thermostat',
    finishes: ['Chrome', 'White', 'Anthracite', 'Brushed Brass'],
    deliveryClass: 'parcel',
    guaranteeYears: 2,
    facets: [f('valve_type', 'Type', ['TRV', 'Angled', 'Straight', 'Corner'])],
  },
  {
    slug: 'plumbing-fittings',
    count: 60,
    basePence: 450,
    noun: 'Fitting',
    keywords: 'fitting pipe elbow tee coupler valve',
    packs: [1, 5, 10],
    deliveryClass: 'parcel',
    guaranteeYears: 2,
    facets: [
      f('fitting_type', 'Fitting type', ['Elbow', 'Tee', 'Coupler', 'Isolation Valve', 'Flexible Connector']),
      f('size_mm', 'Size', ['10 mm', '15 mm', '22 mm', '28 mm']),
      f('connection', 'Connection', ['Push-fit', 'Compression', 'Solder']),
      f('wras', 'WRAS approved', yesNo),
    ],
  },
  {
    slug: 'wastes-traps',
    count: 35,
    basePence: 1_900,
    noun: 'Waste',
    keywords: 'waste trap plug pan connector',
    finishes: ['Chrome', 'Matt Black', 'Brushed Brass'],
    deliveryClass: 'parcel',
    guaranteeYears: 2,
    facets: [
      f('waste_type', 'Waste type', ['Click Clack', 'Pop Up', 'Bath Waste', 'Shower Waste', 'Bottle Trap', 'Pan Connector']),
      f('slotted', 'Slotted', yesNo),
    ],
  },
  {
    slug: 'tiles',
    count: 40,
    basePence: 3_400,
    noun: 'Tile',
    keywords: 'tile tiles porcelain ceramic',
    deliveryClass: 'pallet',
    guaranteeYears: 1,
    facets: [
      f('use', 'Use', ['Wall', 'Floor', 'Wall and Floor']),
      f('tile_size', 'Size', ['300 x 600', '600 x 600', '100 x 300', '300 x 300']),
      f('tile_finish', 'Finish', ['Gloss', 'Matt', 'Lappato']),
    ],
  },
  {
    slug: 'bathroom-accessories',
    count: 40,
    basePence: 2_900,
    noun: 'Accessory',
    keywords: 'accessory roll holder robe hook shelf',
    finishes: TAP_FINISHES,
    deliveryClass: 'parcel',
    guaranteeYears: 2,
    facets: [f('accessory_type', 'Type', ['Roll Holder', 'Robe Hook', 'Soap Dispenser', 'Shelf', 'Grab Rail'])],
  },
  {
    slug: 'mirrors-lighting',
    count: 30,
    basePence: 14_900,
    noun: 'LED Mirror',
    keywords: 'mirror led light illuminated',
    widths: [500, 600, 800],
    deliveryClass: 'large',
    weee: true,
    guaranteeYears: 2,
    facets: [f('demister', 'Demister', yesNo), f('bluetooth', 'Bluetooth', yesNo), f('ip_rating', 'IP rating', ['IP44', 'IPX4'])],
  },
  {
    slug: 'extractor-fans',
    count: 15,
    basePence: 5_900,
    noun: 'Extractor Fan',
    keywords: 'extractor fan ventilation',
    deliveryClass: 'parcel',
    weee: true,
    guaranteeYears: 2,
    facets: [f('timer', 'Timer', yesNo), f('humidistat', 'Humidistat', yesNo)],
  },
  {
    slug: 'sealants-tools',
    count: 20,
    basePence: 900,
    noun: 'Sealant',
    keywords: 'sealant silicone ptfe tool',
    packs: [1, 3],
    deliveryClass: 'parcel',
    guaranteeYears: 1,
    facets: [f('colour', 'Colour', ['White', 'Clear', 'Grey'])],
  },
];

export const BRANDS = [
  { slug: 'porthmoor', name: 'Porthmoor', tier: 'value', multiplier: 0.8 },
  { slug: 'harlow-finch', name: 'Harlow & Finch', tier: 'core', multiplier: 1.1 },
  { slug: 'aveline', name: 'Aveline', tier: 'premium', multiplier: 1.9 },
  { slug: 'tamar-trade', name: 'Tamar Trade', tier: 'value', multiplier: 0.85 },
  { slug: 'kestrel', name: 'Kestrel', tier: 'core', multiplier: 1.0 },
  { slug: 'norland', name: 'Norland', tier: 'core', multiplier: 1.05 },
  { slug: 'brookvale', name: 'Brookvale', tier: 'core', multiplier: 1.0 },
  { slug: 'caldera', name: 'Caldera', tier: 'premium', multiplier: 1.6 },
] as const;

export const FINISH_FACTORS: Record<string, number> = {
  Chrome: 1.0,
  'Matt Black': 1.15,
  'Brushed Brass': 1.25,
  'Brushed Nickel': 1.2,
  Gunmetal: 1.25,
  Anthracite: 1.0,
  White: 0.95,
};

export const RANGE_NAMES = [
  'Lyra',
  'Marlow',
  'Eden',
  'Hexham',
  'Arden',
  'Sutton',
  'Ashby',
  'Kendal',
  'Mere',
  'Alston',
  'Oakley',
  'Bexley',
  'Rydal',
  'Thame',
  'Wensley',
  'Corfe',
  'Tavy',
  'Lune',
  'Otter',
  'Fowey',
];

/**
 * Sub-categories whose goods cannot come back as unwanted once opened (docs/domain.md §8.1): toilet
 * seats, shower heads and handsets, and wastes. Every other product is `standard`: none of the demo
 * catalogue is made to measure.
 */
export const SUB_CATEGORY_RETURNABILITY: Readonly<Record<string, Returnability>> = {
  'toilet-seats': 'sealed-hygiene',
  'shower-heads': 'sealed-hygiene',
  'basin-wastes': 'sealed-hygiene',
  'bath-wastes': 'sealed-hygiene',
  'shower-wastes': 'sealed-hygiene',
};

/**
 * What a sub-category says about its products' attributes (docs/domain.md §2): a corner bath is
 * corner-shaped, a pan connector is a pan connector, a WC unit holds no basin. A generated value
 * outside the allowed ones is replaced, so a product never contradicts the shelf it is on.
 */
export const SUB_CATEGORY_ATTRIBUTES: Record<string, Record<string, string[]>> = {
  'full-bathroom-suites': { suite_type: ['Full'] },
  'shower-bath-suites': { suite_type: ['Shower Bath'] },
  'cloakroom-suites': { suite_type: ['Cloakroom'] },
  'combination-units': { suite_type: ['Combination'] },
  'close-coupled-toilets': { toilet_type: ['Close Coupled'] },
  'back-to-wall-toilets': { toilet_type: ['Back to Wall'] },
  'wall-hung-toilets': { toilet_type: ['Wall Hung'] },
  'comfort-height-toilets': { toilet_type: ['Comfort Height'] },
  'pedestal-basins': { installation: ['Pedestal', 'Semi Pedestal'] },
  'countertop-basins': { installation: ['Countertop'] },
  'wall-hung-basins': { installation: ['Wall Hung'] },
  'cloakroom-basins': { installation: ['Wall Hung', 'Semi Pedestal', 'Pedestal'] },
  'inset-basins': { installation: ['Inset'] },
  'floor-standing-vanity-units': { mounting: ['Floor Standing'] },
  'wall-hung-vanity-units': { mounting: ['Wall Hung'] },
  'wc-units': { basin_included: ['No'] },
  'tall-units': { basin_included: ['No'] },
  'straight-baths': { shape: ['Straight'] },
  'shower-baths': { shape: ['P Shape', 'L Shape'] },
  'corner-baths': { shape: ['Corner'] },
  'freestanding-baths': { shape: ['Freestanding'] },
  'double-ended-baths': { shape: ['Straight', 'Freestanding'], ends: ['Double Ended'] },
  'bath-screens': { type: ['Fixed Screen', 'Hinged Screen'] },
  'bath-panels': { type: ['Front Panel', 'End Panel'] },
  'mixer-showers': { shower_type: ['Mixer'] },
  'electric-showers': { shower_type: ['Electric'] },
  'power-showers': { shower_type: ['Power'] },
  'digital-showers': { shower_type: ['Digital'] },
  'riser-rails-kits': { shower_type: ['Kit'] },
  'quadrant-enclosures': { enclosure_type: ['Quadrant'] },
  'sliding-door-enclosures': { enclosure_type: ['Sliding Door'] },
  'bifold-enclosures': { enclosure_type: ['Bifold'] },
  'pivot-hinged-enclosures': { enclosure_type: ['Pivot'] },
  'walk-in-panels': { enclosure_type: ['Walk-in'] },
  'stone-resin-trays': { material: ['Stone Resin'] },
  'slate-effect-trays': { tray_finish: ['Slate Black', 'Slate Grey'] },
  'low-profile-trays': { low_profile: ['Yes'] },
  'basin-taps': { tap_type: ['Mono Basin Mixer', 'Tall Basin Mixer', 'Pillar Taps', 'Three Hole Basin Mixer'] },
  'bath-taps': { tap_type: ['Bath Filler', 'Pillar Taps'] },
  'bath-shower-mixers': { tap_type: ['Bath Shower Mixer'] },
  'freestanding-bath-taps': { tap_type: ['Bath Filler', 'Bath Shower Mixer'] },
  'kitchen-taps': { tap_type: ['Kitchen Mixer'] },
  'designer-radiators': { radiator_type: ['Designer'] },
  'column-radiators': { radiator_type: ['Column'] },
  'traditional-radiators': { radiator_type: ['Traditional'] },
  'vertical-radiators': { orientation: ['Vertical'] },
  'central-heating-towel-rails': { fuel: ['Central Heating'] },
  'electric-towel-rails': { fuel: ['Electric'] },
  'dual-fuel-towel-rails': { fuel: ['Dual Fuel'] },
  'radiator-valves': { valve_type: ['Angled', 'Straight', 'Corner'] },
  'thermostatic-radiator-valves': { valve_type: ['TRV'] },
  'push-fit-fittings': { connection: ['Push-fit'] },
  'compression-fittings': { connection: ['Compression'] },
  'solder-fittings': { connection: ['Solder'] },
  'isolation-valves': { fitting_type: ['Isolation Valve'] },
  'flexible-connectors': { fitting_type: ['Flexible Connector'] },
  'basin-wastes': { waste_type: ['Click Clack', 'Pop Up'] },
  'bath-wastes': { waste_type: ['Bath Waste'] },
  'shower-wastes': { waste_type: ['Shower Waste'] },
  traps: { waste_type: ['Bottle Trap'] },
  'pan-connectors': { waste_type: ['Pan Connector'] },
  'wall-tiles': { use: ['Wall', 'Wall and Floor'] },
  'floor-tiles': { use: ['Floor', 'Wall and Floor'] },
  'toilet-roll-holders': { accessory_type: ['Roll Holder'] },
  'robe-hooks': { accessory_type: ['Robe Hook'] },
  'soap-dispensers': { accessory_type: ['Soap Dispenser'] },
  'shelves-baskets': { accessory_type: ['Shelf'] },
  'grab-rails': { accessory_type: ['Grab Rail'] },
};

/** A tap needs as many holes as its type has bodies: a mono mixer one, pillar taps two. */
export const TAP_HOLES_BY_TAP_TYPE: Record<string, string[]> = {
  'Mono Basin Mixer': ['1'],
  'Tall Basin Mixer': ['1'],
  'Kitchen Mixer': ['1'],
  'Pillar Taps': ['2'],
  'Three Hole Basin Mixer': ['3'],
  'Bath Filler': ['1', '2'],
  'Bath Shower Mixer': ['1', '2'],
};
