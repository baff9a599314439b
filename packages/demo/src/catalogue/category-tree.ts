/**
 * The shop's department tree (docs/domain.md §2): twenty departments, each with the
 * sub-categories UK bathroom and plumbing retailers broadly share. Demo seed data, not code rules.
 */
export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  children: [slug: string, name: string][];
}

export const CATEGORY_TREE: CategorySeed[] = [
  {
    slug: 'bathroom-suites',
    name: 'Bathroom Suites',
    description: 'Complete suites with toilet, basin and bath, shower-bath and cloakroom sets.',
    children: [
      ['full-bathroom-suites', 'Full Bathroom Suites'],
      ['shower-bath-suites', 'Shower Bath Suites'],
      ['cloakroom-suites', 'Cloakroom Suites'],
      ['combination-units', 'Combination Units'],
    ],
  },
  {
    slug: 'toilets',
    name: 'Toilets',
    description: 'Close coupled, back-to-wall, wall hung and comfort height toilets, seats and cisterns.',
    children: [
      ['close-coupled-toilets', 'Close Coupled Toilets'],
      ['back-to-wall-toilets', 'Back to Wall Toilets'],
      ['wall-hung-toilets', 'Wall Hung Toilets'],
      ['comfort-height-toilets', 'Comfort Height Toilets'],
      ['toilet-seats', 'Toilet Seats'],
      ['cisterns-frames-flush-plates', 'Cisterns, Frames & Flush Plates'],
    ],
  },
  {
    slug: 'basins',
    name: 'Basins',
    description: 'Pedestal, countertop, wall hung, cloakroom and inset basins in every size.',
    children: [
      ['pedestal-basins', 'Pedestal Basins'],
      ['countertop-basins', 'Countertop Basins'],
      ['wall-hung-basins', 'Wall Hung Basins'],
      ['cloakroom-basins', 'Cloakroom Basins'],
      ['inset-basins', 'Inset Basins'],
    ],
  },
  {
    slug: 'vanity-units',
    name: 'Vanity Units',
    description: 'Floor-standing and wall hung vanity units from 400 to 1200 mm, with basins.',
    children: [
      ['floor-standing-vanity-units', 'Floor Standing Vanity Units'],
      ['wall-hung-vanity-units', 'Wall Hung Vanity Units'],
      ['wc-units', 'WC Units'],
      ['tall-units', 'Tall & Side Units'],
    ],
  },
  {
    slug: 'baths',
    name: 'Baths',
    description: 'Straight, shower, corner and freestanding baths in acrylic, steel and cast iron.',
    children: [
      ['straight-baths', 'Straight Baths'],
      ['shower-baths', 'Shower Baths'],
      ['corner-baths', 'Corner Baths'],
      ['freestanding-baths', 'Freestanding Baths'],
      ['double-ended-baths', 'Double Ended Baths'],
    ],
  },
  {
    slug: 'bath-screens-panels',
    name: 'Bath Screens & Panels',
    description: 'Fixed and hinged bath screens, front and end bath panels.',
    children: [
      ['bath-screens', 'Bath Screens'],
      ['bath-panels', 'Bath Panels'],
    ],
  },
  {
    slug: 'showers',
    name: 'Showers',
    description: 'Mixer, electric, power and digital showers, shower heads, rails and kits.',
    children: [
      ['mixer-showers', 'Mixer Showers'],
      ['electric-showers', 'Electric Showers'],
      ['power-showers', 'Power Showers'],
      ['digital-showers', 'Digital Showers'],
      ['shower-heads', 'Shower Heads'],
      ['riser-rails-kits', 'Riser Rails & Kits'],
    ],
  },
  {
    slug: 'shower-enclosures',
    name: 'Shower Enclosures',
    description: 'Quadrant, sliding, bifold and pivot enclosures and walk-in wet room panels.',
    children: [
      ['quadrant-enclosures', 'Quadrant Enclosures'],
      ['sliding-door-enclosures', 'Sliding Door Enclosures'],
      ['bifold-enclosures', 'Bifold Enclosures'],
      ['pivot-hinged-enclosures', 'Pivot & Hinged Enclosures'],
      ['walk-in-panels', 'Walk-in & Wet Room Panels'],
    ],
  },
  {
    slug: 'shower-trays',
    name: 'Shower Trays',
    description: 'Stone resin, slate effect and low profile trays, wastes and riser kits.',
    children: [
      ['stone-resin-trays', 'Stone Resin Trays'],
      ['slate-effect-trays', 'Slate Effect Trays'],
      ['low-profile-trays', 'Low Profile Trays'],
      ['tray-riser-kits', 'Riser Kits'],
    ],
  },
  {
    slug: 'taps',
    name: 'Taps',
    description: 'Basin mixers, bath fillers, bath shower mixers, pillar and kitchen taps.',
    children: [
      ['basin-taps', 'Basin Taps'],
      ['bath-taps', 'Bath Taps'],
      ['bath-shower-mixers', 'Bath Shower Mixers'],
      ['freestanding-bath-taps', 'Freestanding Bath Taps'],
      ['kitchen-taps', 'Kitchen Taps'],
    ],
  },
  {
    slug: 'radiators',
    name: 'Radiators',
    description: 'Designer, column and traditional radiators, horizontal and vertical.',
    children: [
      ['designer-radiators', 'Designer Radiators'],
      ['column-radiators', 'Column Radiators'],
      ['traditional-radiators', 'Traditional Radiators'],
      ['vertical-radiators', 'Vertical Radiators'],
    ],
  },
  {
    slug: 'towel-rails',
    name: 'Towel Rails',
    description: 'Heated towel rails for central heating, electric and dual fuel.',
    children: [
      ['central-heating-towel-rails', 'Central Heating Towel Rails'],
      ['electric-towel-rails', 'Electric Towel Rails'],
      ['dual-fuel-towel-rails', 'Dual Fuel Towel Rails'],
    ],
  },
  {
    slug: 'heating-controls-valves',
    name: 'Heating Controls & Valves',
    description: 'Radiator valves, TRVs, thermostats and heating controls.',
    children: [
      ['radiator-valves', 'Radiator Valves'],
      ['thermostatic-radiator-valves', 'Thermostatic Radiator Valves'],
      ['thermostats-controls', 'Thermostats & Controls'],
    ],
  },
  {
    slug: 'plumbing-fittings',
    name: 'Plumbing & Fittings',
    description: 'Pipe, push-fit, compression and solder fittings, isolation valves and connectors.',
    children: [
      ['pipe', 'Pipe'],
      ['push-fit-fittings', 'Push-fit Fittings'],
      ['compression-fittings', 'Compression Fittings'],
      ['solder-fittings', 'Solder & End-feed Fittings'],
      ['isolation-valves', 'Isolation Valves'],
      ['flexible-connectors', 'Flexible Connectors'],
    ],
  },
  {
    slug: 'wastes-traps',
    name: 'Wastes & Traps',
    description: 'Click-clack and pop-up wastes, bath and shower wastes, bottle traps, pan connectors.',
    children: [
      ['basin-wastes', 'Basin Wastes'],
      ['bath-wastes', 'Bath Wastes'],
      ['shower-wastes', 'Shower Wastes'],
      ['traps', 'Traps'],
      ['pan-connectors', 'Pan Connectors'],
    ],
  },
  {
    slug: 'tiles',
    name: 'Tiles',
    description: 'Wall, floor and mosaic tiles in porcelain and ceramic, with adhesive and grout.',
    children: [
      ['wall-tiles', 'Wall Tiles'],
      ['floor-tiles', 'Floor Tiles'],
      ['mosaic-tiles', 'Mosaic Tiles'],
      ['adhesive-grout', 'Adhesive & Grout'],
    ],
  },
  {
    slug: 'bathroom-accessories',
    name: 'Bathroom Accessories',
    description: 'Roll holders, robe hooks, soap dispensers, shelves and grab rails.',
    children: [
      ['toilet-roll-holders', 'Toilet Roll Holders'],
      ['robe-hooks', 'Robe Hooks'],
      ['soap-dispensers', 'Soap Dispensers'],
      ['shelves-baskets', 'Shelves & Baskets'],
      ['grab-rails', 'Grab Rails'],
    ],
  },
  {
    slug: 'mirrors-lighting',
    name: 'Mirrors & Lighting',
    description: 'LED and illuminated mirrors, mirror cabinets, IP44 lighting and shaver sockets.',
    children: [
      ['led-mirrors', 'LED Mirrors'],
      ['mirror-cabinets', 'Mirror Cabinets'],
      ['bathroom-lighting', 'Bathroom Lighting'],
      ['shaver-sockets', 'Shaver Sockets'],
    ],
  },
  {
    slug: 'extractor-fans',
    name: 'Extractor Fans',
    description: 'Bathroom extractor fans with timers, humidistats and in-line kits.',
    children: [
      ['wall-ceiling-fans', 'Wall & Ceiling Fans'],
      ['in-line-fans', 'In-line Fans'],
    ],
  },
  {
    slug: 'sealants-tools',
    name: 'Sealants & Tools',
    description: 'Silicone sealants, PTFE tape, pipe cutters and plumbing tools.',
    children: [
      ['sealants-adhesives', 'Sealants & Adhesives'],
      ['plumbing-tools', 'Plumbing Tools'],
    ],
  },
];
