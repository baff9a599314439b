/**
 * The catalogue's plain values that the API, the storefront and the demo catalogue share: whether a
 * product can come back, and which specification rows each product family shows.
 */

/**
 * Whether a product can come back as unwanted (docs/domain.md §8.1–8.2), a product attribute the
 * catalogue sets: most goods can (`standard`); sealed hygiene goods only unopened
 * (`sealed-hygiene`); goods made to measure or personalised not at all (`made-to-measure`). The
 * help centre's return rules read it, never the product's name.
 */
export const RETURNABILITIES = ['standard', 'sealed-hygiene', 'made-to-measure'] as const;
export type Returnability = (typeof RETURNABILITIES)[number];

/** Rows by sub-category, else by department: the table of docs/domain.md §2.1. */
export const FAMILY_SPECIFICATIONS: Record<string, readonly string[]> = {
  'bathroom-suites': ['Style', 'Suite type', 'Dimensions'],
  toilets: ['Toilet type', 'Rimless', 'Soft close seat', 'Flush volume', 'Projection', 'Pan height', 'WRAS approved', 'Dimensions'],
  'toilet-seats': ['Soft close seat', 'Material', 'Seat fixing', 'Dimensions'],
  'cisterns-frames-flush-plates': ['Flush volume', 'WRAS approved', 'Dimensions'],
  basins: ['Installation', 'Tap holes', 'Overflow', 'Material', 'Finish', 'Dimensions'],
  'vanity-units': ['Mounting', 'Doors or drawers', 'Basin included', 'Soft close', 'Dimensions'],
  baths: ['Shape', 'Material', 'Ends', 'Capacity', 'Dimensions'],
  'bath-screens': ['Type', 'Glass thickness', 'Dimensions'],
  'bath-panels': ['Type', 'Material', 'Dimensions'],
  'mixer-showers': ['Shower type', 'Valve', 'Outlets', 'Minimum pressure', 'Flow rate', 'WRAS approved', 'Dimensions'],
  'electric-showers': ['Shower type', 'Power rating', 'Water supply', 'IP rating', 'WRAS approved', 'Dimensions'],
  'power-showers': ['Shower type', 'Valve', 'Water supply', 'Flow rate', 'WRAS approved', 'Dimensions'],
  'digital-showers': ['Shower type', 'Valve', 'Outlets', 'Minimum pressure', 'Flow rate', 'WRAS approved', 'Dimensions'],
  'shower-heads': ['Spray patterns', 'Minimum pressure', 'Flow rate', 'WRAS approved', 'Dimensions'],
  'riser-rails-kits': ['Shower type', 'Minimum pressure', 'Flow rate', 'WRAS approved', 'Dimensions'],
  'shower-enclosures': ['Enclosure type', 'Glass thickness', 'Tray included', 'Easy clean glass', 'Dimensions'],
  'shower-trays': ['Material', 'Finish', 'Anti-slip', 'Low profile', 'Waste size', 'Dimensions'],
  'tray-riser-kits': ['Height range', 'Dimensions'],
  taps: ['Tap type', 'Tap holes', 'Control', 'Minimum pressure', 'Flow rate', 'Cartridge', 'WRAS approved', 'Dimensions'],
  radiators: ['Orientation', 'Radiator type', 'Connection', 'Heat output', 'Pipe centres', 'Dimensions'],
  'central-heating-towel-rails': ['Fuel', 'Heat output', 'Dimensions'],
  'electric-towel-rails': ['Fuel', 'Element wattage', 'IP rating', 'Dimensions'],
  'dual-fuel-towel-rails': ['Fuel', 'Heat output', 'Element wattage', 'Dimensions'],
  'heating-controls-valves': ['Type', 'Connection', 'Dimensions'],
  'thermostats-controls': ['Power supply', 'Wireless', 'Dimensions'],
  'plumbing-fittings': ['Fitting type', 'Size', 'Connection', 'Material', 'WRAS approved', 'Dimensions'],
  pipe: ['Size', 'Material', 'WRAS approved', 'Dimensions'],
  'wastes-traps': ['Waste type', 'Diameter', 'Dimensions'],
  'basin-wastes': ['Waste type', 'Slotted', 'Diameter', 'Dimensions'],
  tiles: ['Use', 'Size', 'Colour', 'Finish', 'Material', 'Coverage per box', 'Dimensions'],
  'floor-tiles': ['Use', 'Size', 'Colour', 'Finish', 'Material', 'Slip rating', 'Coverage per box', 'Dimensions'],
  'adhesive-grout': ['Pack size', 'Coverage', 'Dimensions'],
  'bathroom-accessories': ['Type', 'Mounting', 'Material', 'Dimensions'],
  'mirrors-lighting': ['Demister', 'Bluetooth', 'IP rating', 'Colour temperature', 'Dimensions'],
  'bathroom-lighting': ['IP rating', 'Colour temperature', 'Dimensions'],
  'shaver-sockets': ['Output', 'Dimensions'],
  'extractor-fans': ['Timer', 'Humidistat', 'Extraction rate', 'IP rating', 'Duct size', 'Dimensions'],
  'sealants-adhesives': ['Colour', 'Pack size', 'Dimensions'],
  'plumbing-tools': ['Material', 'Dimensions'],
};

export const specificationRowsFor = (department: string, family: string) =>
  FAMILY_SPECIFICATIONS[family] ?? FAMILY_SPECIFICATIONS[department] ?? ['Dimensions'];

/** A name as the shop writes it in an address (a product's slug, a facet value's identifier): "Matt Black & Gold" → "matt-black-and-gold". */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
