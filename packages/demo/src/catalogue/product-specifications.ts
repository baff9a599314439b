import { specificationRowsFor } from '@shop/contracts';

/**
 * What each demo product's specifications say (docs/domain.md §2.1): values for the rows its family
 * lists (`FAMILY_SPECIFICATIONS` in @shop/contracts: kW for an electric shower, flow rate and pressure
 * for a mixer, dimensions everywhere, WRAS where water supply is concerned), and a description written
 * from them. Values are chosen by the product's place in its family, never drawn from the random
 * stream, so the rest of the demo catalogue stays as it was.
 */

export interface ProductDimensions {
  widthMm: number;
  heightMm: number;
  depthMm: number;
}

/**
 * Typical width, height and depth (mm) by sub-category, else department, with the step a product's
 * place in its family moves the height by: no two products of a family are the same size.
 */
const SIZES: Record<string, [w: number, h: number, d: number, step: number]> = {
  'full-bathroom-suites': [1700, 850, 700, 5],
  'shower-bath-suites': [1700, 850, 850, 5],
  'cloakroom-suites': [900, 780, 450, 5],
  'combination-units': [1100, 850, 400, 5],
  toilets: [360, 800, 650, 5],
  'wall-hung-toilets': [360, 350, 520, 5],
  'toilet-seats': [360, 50, 450, 2],
  'cisterns-frames-flush-plates': [500, 1180, 150, 5],
  basins: [500, 850, 420, 5],
  'countertop-basins': [500, 140, 380, 3],
  'inset-basins': [500, 180, 420, 3],
  'wall-hung-basins': [500, 160, 420, 3],
  'vanity-units': [600, 800, 450, 5],
  'tall-units': [350, 1600, 300, 10],
  baths: [1700, 560, 700, 5],
  'bath-screens': [800, 1400, 6, 10],
  'bath-panels': [1700, 520, 20, 5],
  showers: [230, 330, 95, 5],
  'mixer-showers': [300, 1150, 110, 10],
  'digital-showers': [300, 1150, 120, 10],
  'shower-heads': [250, 12, 250, 2],
  'riser-rails-kits': [90, 900, 80, 10],
  'shower-enclosures': [900, 1900, 900, 5],
  'shower-trays': [1200, 30, 800, 2],
  'tray-riser-kits': [1200, 120, 800, 5],
  taps: [50, 160, 130, 5],
  'bath-taps': [180, 150, 120, 5],
  'bath-shower-mixers': [260, 220, 150, 5],
  'freestanding-bath-taps': [250, 1000, 200, 10],
  'kitchen-taps': [60, 350, 220, 5],
  radiators: [600, 600, 100, 10],
  'vertical-radiators': [400, 1800, 100, 10],
  'towel-rails': [500, 1200, 100, 10],
  'heating-controls-valves': [50, 90, 50, 2],
  'thermostats-controls': [90, 90, 25, 2],
  'plumbing-fittings': [40, 40, 20, 2],
  pipe: [15, 15, 3000, 1],
  'wastes-traps': [70, 80, 70, 2],
  'pan-connectors': [110, 110, 250, 5],
  'shower-wastes': [110, 80, 110, 2],
  tiles: [300, 600, 9, 1],
  'adhesive-grout': [300, 400, 120, 5],
  'bathroom-accessories': [160, 80, 90, 2],
  'grab-rails': [450, 80, 80, 5],
  'mirrors-lighting': [600, 800, 40, 10],
  'bathroom-lighting': [120, 120, 80, 2],
  'shaver-sockets': [86, 146, 50, 2],
  'extractor-fans': [160, 160, 110, 2],
  'sealants-adhesives': [50, 300, 50, 2],
  'plumbing-tools': [60, 250, 30, 5],
};

/** Of a product whose offerings may have widths (a bath's length, a basin's width): the default one's. */
export function productDimensions(
  department: string,
  family: string,
  rank: number,
  defaultWidthMm: number | null,
  facets: readonly [string, string][],
): ProductDimensions {
  const attribute = (identifier: string) => facets.find(([facet]) => facet === identifier)?.[1];
  const [w, h, d, step] = SIZES[family] ?? SIZES[department] ?? [100, 100, 100, 1];
  // A tile is its size; a vertical radiator stands tall whatever its sub-category.
  const tile = department === 'tiles' && family !== 'adhesive-grout' ? attribute('tile_size')?.split(' x ').map(Number) : undefined;
  if (tile?.length === 2) return { widthMm: tile[0]!, heightMm: tile[1]!, depthMm: 8 + (rank % 5) };
  const tall = department === 'radiators' && attribute('orientation') === 'Vertical' ? 1800 : h;
  // The height steps through sixteen sizes, the depth through five: a family's products all differ.
  // A shaver socket is sold beside the mirrors, whose widths it does not share.
  const width = family === 'shaver-sockets' ? null : defaultWidthMm;
  return { widthMm: width ?? w + (Math.floor(rank / 16) % 4) * step * 4, heightMm: tall + (rank % 16) * step, depthMm: d + (rank % 5) * step };
}

export interface ContentInput {
  department: string;
  family: string;
  /** The product's place among the products of its sub-category (0, 1, 2…). */
  rank: number;
  name: string;
  brandName: string;
  range: string;
  /** Facets of the department's templates, already fitted to the sub-category (may be mutated: see below). */
  facets: [string, string][];
  /** Facet identifier → display name for the department (`Tap holes` for `tap_holes`). */
  facetNames: Record<string, string>;
  dimensions: ProductDimensions;
}

const cycle = <T>(list: readonly T[], k: number): T => list[k % list.length]!;
/** As many as a tile family has products, so each is its own colour (and picture). */
const TILE_COLOURS = ['White', 'Stone', 'Sage', 'Navy', 'Graphite', 'Terracotta', 'Blush', 'Matt Grey', 'Oak', 'Anthracite'];

/**
 * The colour a product with no finish to choose is drawn in: a tile's own. Everything else is
 * drawn in its variant's finish (docs/domain.md §2.1).
 */
export const pictureColour = (product: { department: string; specifications: Record<string, string> }) =>
  product.department === 'tiles' ? (product.specifications.Colour ?? null) : null;
const lower = (text: string | undefined) => (text ?? '').toLowerCase();

/** Values of the rows that are not facets, by row name. */
function derivedValue(row: string, input: ContentInput, attribute: (identifier: string) => string | undefined): string {
  const { family, rank, dimensions } = input;
  const { widthMm: w, heightMm: h, depthMm: d } = dimensions;
  switch (row) {
    case 'Dimensions':
      return `W ${w} × H ${h} × D ${d} mm`;
    case 'Projection':
      return `${d} mm`;
    case 'Pan height':
      return `${(family === 'comfort-height-toilets' ? 460 : 400) + (rank % 5) * 5} mm`;
    case 'WRAS approved':
      return 'Yes';
    case 'Material':
      if (family === 'toilet-seats') return cycle(['Thermoset plastic', 'Moulded wood'], rank);
      if (family === 'bath-panels') return 'Reinforced acrylic';
      if (family === 'pipe') return cycle(['Copper', 'PEX barrier'], rank);
      if (family === 'plumbing-tools') return cycle(['Hardened steel', 'Chrome vanadium'], rank);
      if (input.department === 'plumbing-fittings')
        return { 'Push-fit': 'Polybutylene', Compression: 'Brass', Solder: 'Copper' }[attribute('connection') ?? ''] ?? 'Brass';
      if (input.department === 'tiles') return cycle(['Porcelain', 'Ceramic'], rank);
      return cycle(['Solid brass', 'Stainless steel'], rank);
    case 'Seat fixing':
      return cycle(['Top fix, quick release', 'Bottom fix'], rank);
    case 'Soft close':
      return 'Yes';
    case 'Capacity':
      return `${Math.round(((w - 300) * (d - 250) * 420) / 1e6 / 5) * 5} litres`;
    case 'Power rating':
      return cycle(['8.5 kW', '9.5 kW', '10.5 kW'], rank);
    case 'Water supply':
      return family === 'electric-showers' ? 'Mains cold water' : 'Gravity-fed hot and cold (low pressure)';
    case 'IP rating':
      return 'IPX4';
    case 'Flow rate':
      return input.department === 'taps' ? cycle(['5 l/min', '6 l/min', '8 l/min'], rank) : cycle(['9 l/min', '12 l/min', '15 l/min'], rank);
    case 'Minimum pressure':
      return cycle(['0.2 bar', '0.5 bar', '1.0 bar'], rank);
    case 'Spray patterns':
      return cycle(['1', '3', '5'], rank);
    case 'Waste size':
      return '90 mm';
    case 'Height range':
      return `${h - 40}–${h + 40} mm`;
    case 'Cartridge':
      return attribute('control') === 'Cross Head' ? 'Quarter-turn ceramic disc' : 'Ceramic disc';
    case 'Heat output': {
      const watts = Math.round((w * h * (family.includes('towel') ? 0.6 : attribute('radiator_type') === 'Column' ? 1.9 : 1.4)) / 1000);
      return `${watts} W (${Math.round(watts * 3.412)} BTU/hr) at ΔT50`;
    }
    case 'Pipe centres':
      return `${w + 50} mm`;
    case 'Element wattage':
      return cycle(['150 W', '200 W', '300 W'], rank);
    case 'Connection':
      return '15 mm compression';
    case 'Power supply':
      return cycle(['Battery (2 × AA)', 'Mains (230 V)'], rank);
    case 'Wireless':
      return cycle(['Yes', 'No'], rank);
    case 'Diameter':
      return { 'Bath Waste': '40 mm', 'Shower Waste': '90 mm', 'Pan Connector': '110 mm' }[attribute('waste_type') ?? ''] ?? '32 mm (1¼")';
    case 'Colour':
      return cycle(TILE_COLOURS, rank);
    case 'Slip rating':
      return cycle(['R10', 'R11'], rank);
    case 'Coverage per box': {
      const [tw, th] = (attribute('tile_size') ?? '300 x 600').split(' x ').map(Number) as [number, number];
      const tiles = Math.max(4, Math.floor(1.2 / ((tw * th) / 1e6)));
      return `${((tiles * tw * th) / 1e6).toFixed(2)} m² (${tiles} tiles)`;
    }
    case 'Pack size':
      return family === 'adhesive-grout' ? cycle(['5 kg', '10 kg', '20 kg'], rank) : '310 ml cartridge';
    case 'Coverage':
      return cycle(['Up to 2 m² per 5 kg', 'Up to 4 m² per 10 kg'], rank);
    case 'Mounting':
      return cycle(['Screw fixed (fixings included)', 'Screw fixed or adhesive'], rank);
    case 'Colour temperature':
      return cycle(['4000 K (natural white)', '6000 K (cool white)', '3000–6000 K adjustable'], rank);
    case 'Output':
      return 'Dual voltage 115/230 V';
    case 'Extraction rate':
      return cycle(['85 m³/h', '95 m³/h', '170 m³/h'], rank);
    case 'Duct size':
      return family === 'in-line-fans' ? cycle(['100 mm', '125 mm'], rank) : '100 mm';
    default:
      throw new Error(`No value for the specification row "${row}"`);
  }
}

/**
 * The product's specifications in their docs/domain.md §2.1 order. A row named like one of the
 * department's facets shows that facet; the department's facets that are not rows of the family do
 * not apply to it (an electric shower has no valve or outlets) and are removed from `facets`.
 */
export function productSpecifications(input: ContentInput): Record<string, string> {
  const rows = specificationRowsFor(input.department, input.family);
  const identifierOf = new Map(Object.entries(input.facetNames).map(([identifier, name]) => [name, identifier]));
  const applies = new Set(rows.map((row) => identifierOf.get(row)).filter((identifier) => identifier !== undefined));
  for (let i = input.facets.length - 1; i >= 0; i--) {
    const identifier = input.facets[i]![0];
    if (identifier in input.facetNames && !applies.has(identifier)) input.facets.splice(i, 1);
  }
  const attribute = (identifier: string) => input.facets.find(([facet]) => facet === identifier)?.[1];
  // A digital shower's valve is always thermostatic.
  if (input.family === 'digital-showers') for (const entry of input.facets) if (entry[0] === 'valve') entry[1] = 'Thermostatic';
  return Object.fromEntries(
    rows.map((row) => {
      const identifier = identifierOf.get(row);
      const value = identifier === undefined ? undefined : attribute(identifier);
      return [row, value ?? derivedValue(row, input, attribute)];
    }),
  );
}

const yes = (value: string | undefined) => value === 'Yes';
/** "a" or "an" before a phrase, by how it is said ("an 8.5 kW", "an L shape", "a unit"). */
const an = (phrase: string) => `${/^([aeio]|8|1[18](?!\d)|l )/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a buyer asks first about a product of the family, from its specifications. */
function lead(input: ContentInput, spec: Record<string, string>): string {
  const { family, department, name } = input;
  const s = (row: string) => spec[row] ?? '';
  switch (family) {
    case 'electric-showers':
      return (
        `${capital(an(s('Power rating')))} electric shower that heats water from the mains cold supply as you use it, so there is a hot shower ` +
        `whether or not the boiler is on. It needs its own circuit, fitted by a qualified electrician.`
      );
    case 'mixer-showers':
    case 'digital-showers':
      return (
        `${capital(an(lower(s('Valve'))))} ${family === 'digital-showers' ? 'digital' : 'mixer'} shower with ` +
        `${s('Outlets') === '1' ? 'one outlet' : `${s('Outlets')} outlets`}, ` +
        `for combi boilers and unvented cylinders: it needs at least ${s('Minimum pressure')} and gives up to ${s('Flow rate')}.`
      );
    case 'power-showers':
      return `A power shower with its own pump, for gravity-fed systems with a cold tank in the loft, giving up to ${s('Flow rate')}. Not for combi boilers.`;
    case 'shower-heads':
    case 'riser-rails-kits':
      return `Fits any standard ½" shower hose or arm. Works from ${s('Minimum pressure')} and gives up to ${s('Flow rate')}.`;
    case 'toilet-seats':
      return `${yes(s('Soft close seat')) ? 'A soft-close' : 'A standard'} ${lower(s('Material'))} seat with ${lower(s('Seat fixing'))} hinges.`;
    case 'cisterns-frames-flush-plates':
      return `For a concealed cistern behind a wall or furniture, with a ${s('Flush volume')} dual flush.`;
    case 'tray-riser-kits':
      return `Raises a shower tray so its waste can run under the floor, adjustable over ${s('Height range')}.`;
    case 'pipe':
      return `${s('Size')} ${lower(s('Material'))} pipe for hot and cold water supply.`;
    case 'adhesive-grout':
      return `${s('Pack size')} of tile adhesive and grout for bathrooms: ${lower(s('Coverage'))}.`;
    case 'shaver-sockets':
      return 'A shaver socket for bathrooms, with an isolating transformer, for shavers and electric toothbrushes.';
    case 'thermostats-controls':
      return (
        `A room thermostat${yes(s('Wireless')) ? ' that talks to the boiler without wires' : ' wired to the boiler'}, ` +
        `${s('Power supply').startsWith('Battery') ? 'running on two AA batteries' : 'powered from the mains'}.`
      );
    case 'central-heating-towel-rails':
    case 'electric-towel-rails':
    case 'dual-fuel-towel-rails':
      return (
        `${capital(an(lower(s('Fuel'))))} towel rail` +
        (s('Heat output') ? ` giving ${s('Heat output')}` : '') +
        (s('Element wattage') ? `${s('Heat output') ? ', with' : ' with'} a ${s('Element wattage')} element for use when the heating is off` : '') +
        '.'
      );
  }
  switch (department) {
    case 'bathroom-suites':
      return `${capital(an(lower(s('Style'))))} ${lower(s('Suite type'))} suite with everything matched, priced below its parts bought one by one.`;
    case 'toilets':
      return (
        `${capital(an(lower(s('Toilet type'))))} toilet with ${yes(s('Rimless')) ? 'a rimless pan that is quicker to clean' : 'a rimmed pan'} and a ` +
        `${s('Flush volume')} dual flush. ${yes(s('Soft close seat')) ? 'A soft-close seat is included.' : 'The seat is sold separately.'} ` +
        `It projects ${s('Projection')} from the wall, with a pan height of ${s('Pan height')}.`
      );
    case 'basins':
      return (
        `${capital(an(lower(s('Installation'))))} basin in ${lower(s('Material'))}, ${lower(s('Finish'))}, with ` +
        `${s('Tap holes') === '0' ? 'no tap holes (for a wall-mounted tap)' : `${s('Tap holes')} tap hole${s('Tap holes') === '1' ? '' : 's'}`} and ` +
        `${yes(s('Overflow')) ? 'an overflow, so it takes a slotted waste' : 'no overflow, so it takes an unslotted waste'}.`
      );
    case 'vanity-units':
      return (
        `${capital(an(lower(s('Mounting'))))} unit with ${lower(s('Doors or drawers'))} and soft-close hinges and runners, ` +
        `${yes(s('Basin included')) ? 'supplied with its basin' : 'without a basin'}.`
      );
    case 'baths':
      return (
        `${capital(an(['Straight', 'Corner', 'Freestanding'].includes(s('Shape')) ? lower(s('Shape')) : s('Shape')))} ${lower(s('Ends'))} bath ` +
        `in ${lower(s('Material'))}, holding about ${s('Capacity')} to the overflow.`
      );
    case 'bath-screens-panels':
      return family === 'bath-screens'
        ? `${capital(an(lower(s('Type'))))} for a shower over the bath, in ${s('Glass thickness')} toughened safety glass.`
        : `${capital(an(lower(s('Type'))))} in ${lower(s('Material'))} that can be cut to fit.`;
    case 'shower-enclosures':
      return (
        `${capital(an(lower(s('Enclosure type'))))} enclosure in ${s('Glass thickness')} toughened glass` +
        `${yes(s('Easy clean glass')) ? ' with an easy-clean coating' : ''}, ${yes(s('Tray included')) ? 'supplied with its tray' : 'tray sold separately'}.`
      );
    case 'shower-trays':
      return (
        `${capital(an(lower(s('Material'))))} tray in ${lower(s('Finish'))}${yes(s('Anti-slip')) ? ' with an anti-slip surface' : ''}` +
        `${yes(s('Low profile')) ? ', low profile for a level look' : ''}, taking a ${s('Waste size')} waste.`
      );
    case 'taps':
      return (
        `${s('Tap type') === 'Pillar Taps' ? 'A pair of pillar taps' : capital(an(lower(s('Tap type'))))} with ${lower(s('Control'))} control ` +
        `and a ${lower(s('Cartridge'))} cartridge, for ${s('Tap holes')} tap hole${s('Tap holes') === '1' ? '' : 's'}. ` +
        `Works from ${s('Minimum pressure')}, so ${s('Minimum pressure') === '0.2 bar' ? 'gravity-fed systems too' : 'combi and unvented systems'}.`
      );
    case 'radiators':
      return (
        `${capital(an(lower(s('Orientation'))))} ${lower(s('Radiator type'))} radiator giving ${s('Heat output')}, ` +
        `with ${lower(s('Connection'))} connections at ${s('Pipe centres')} centres.`
      );
    case 'heating-controls-valves':
      return (
        `${s('Type') === 'TRV' ? 'A thermostatic radiator valve' : capital(an(`${lower(s('Type'))} radiator valve`))} ` +
        `for ${s('Connection')} pipe, sold as a pair.`
      );
    case 'plumbing-fittings':
      return `${capital(an(s('Size')))} ${lower(s('Connection'))} ${lower(s('Fitting type'))} in ${lower(s('Material'))}.`;
    case 'wastes-traps':
      return (
        `${capital(an(s('Diameter')))} ${lower(s('Waste type'))}` +
        `${s('Slotted') ? ` (${yes(s('Slotted')) ? 'slotted, for basins with an overflow' : 'unslotted, for basins without one'})` : ''}.`
      );
    case 'tiles':
      return (
        `${s('Size')} mm ${lower(s('Material'))} tiles in ${lower(s('Colour'))} with a ${lower(s('Finish'))} finish ` +
        `for ${lower(s('Use'))} use, ${s('Coverage per box')} a box.`
      );
    case 'bathroom-accessories':
      return `${capital(an(lower(s('Type'))))} in ${lower(s('Material'))}, ${lower(s('Mounting'))}.`;
    case 'mirrors-lighting':
      return family === 'bathroom-lighting'
        ? `${s('IP rating')} bathroom light in ${s('Colour temperature')}.`
        : `An LED mirror in ${s('Colour temperature')}${yes(s('Demister')) ? ' with a demister pad' : ''}` +
            `${yes(s('Bluetooth')) ? ' and Bluetooth speakers' : ''}, rated ${s('IP rating')} for bathrooms.`;
    case 'extractor-fans':
      return (
        `An extractor fan moving ${s('Extraction rate')} through a ${s('Duct size')} duct` +
        `${yes(s('Timer')) ? ', with an overrun timer' : ''}${yes(s('Humidistat')) ? ' and a humidistat that starts it when the room is steamy' : ''}.`
      );
    case 'sealants-tools':
      return family === 'sealants-adhesives'
        ? `${s('Colour')} sanitary silicone in a ${s('Pack size')}, mould-resistant for baths, basins and showers.`
        : `${capital(an(lower(s('Material'))))} tool for plumbing work.`;
  }
  return `${name}.`;
}

/** Two or three sentences a buyer needs: what it is and does, its size, and its range. */
export function productDescription(input: ContentInput, spec: Record<string, string>): string {
  const { widthMm, heightMm, depthMm } = input.dimensions;
  const size = `It measures ${widthMm} mm wide, ${heightMm} mm high and ${depthMm} mm deep.`;
  return `${lead(input, spec)} ${size} From the ${input.range} range by ${input.brandName}.`;
}
