import type { BlogPostInput, ContentBlock, InlineText, RichTextNode } from '@shop/contracts';

/**
 * The demo blog: a dozen bathroom ideas, how-to guides and buying guides as a UK bathroom and
 * plumbing shop would write them. Each names the sub-categories its related products come from (the
 * seed picks the first products of each from the generated catalogue) and how many days before the
 * seed it was published. Heroes are the generated illustrations at `/images/blog/<slug>.svg`.
 */
export interface DemoBlogPost {
  slug: string;
  daysAgo: number;
  relatedCategories: string[];
  post: Omit<BlogPostInput, 'relatedSkus' | 'heroImage' | 'seoTitle'>;
}

const h = (text: string): RichTextNode => ({ kind: 'heading', level: 2, text });
const p = (...runs: (string | InlineText)[]): RichTextNode => ({
  kind: 'paragraph',
  content: runs.map((run) => (typeof run === 'string' ? { text: run } : run)),
});
const ul = (...items: string[]): RichTextNode => ({ kind: 'list', ordered: false, items: items.map((text) => [{ text }]) });
const ol = (...items: string[]): RichTextNode => ({ kind: 'list', ordered: true, items: items.map((text) => [{ text }]) });
const text = (...body: RichTextNode[]): ContentBlock => ({ type: 'richText', body });
const carousel = (heading: string, categorySlug: string): ContentBlock => ({
  type: 'productCarousel',
  heading,
  source: { kind: 'category', categorySlug, limit: 8 },
});
const link = (words: string, href: string): InlineText => ({ text: words, href });

export const DEMO_BLOG_POSTS: DemoBlogPost[] = [
  {
    slug: 'small-bathroom-ideas',
    daysAgo: 3,
    relatedCategories: ['wall-hung-basins', 'wall-hung-toilets', 'wall-hung-vanity-units'],
    post: {
      title: 'Small bathroom ideas that make the most of every centimetre',
      seoDescription: 'Wall-hung basins, clever storage and lighter colours: how to make a small UK bathroom feel bigger without moving a wall.',
      summary: 'Most British bathrooms are under 4 square metres. Here is how to make yours feel bigger without knocking down a wall.',
      author: 'Priya Shah',
      category: 'bathroom-ideas',
      tags: ['small-bathrooms', 'storage', 'wall-hung'],
      blocks: [
        text(
          p(
            'The average new-build bathroom in England is a little over 2 metres by 2 metres. The good news is that a small room is cheaper to tile, ' +
              'quicker to heat and, with the right choices, can feel far roomier than its floor plan suggests.',
          ),
          h('Show more floor'),
          p(
            'The eye judges a room by how much floor it can see. Wall-hung basins, toilets and vanity units leave the floor clear right back to the ' +
              'wall, which makes the room look bigger and makes it easier to clean. A wall-hung toilet needs a frame and a boxed-in cistern, so plan ' +
              'it with your fitter before you buy.',
          ),
          h('Choose short-projection pieces'),
          p(
            'A standard basin sticks out about 450 mm from the wall; a cloakroom or short-projection basin can be 250 to 350 mm. Those 10 cm make the ' +
              'difference between squeezing past and walking in.',
          ),
          ul(
            'Pick a basin 400 to 500 mm wide for a small room: it is still comfortable for washing hands and face.',
            'Use a shower bath if you want both: the wider end gives you room to stand.',
            'A sliding or bifold shower door needs no swing space.',
          ),
          h('Store upwards'),
          p(
            'A mirror cabinet doubles as storage, and a tall, slim unit uses height that would otherwise be wasted. Recessed niches in a stud wall ' +
              'keep bottles off the bath edge.',
          ),
          h('Keep it light'),
          p(
            'Large, pale tiles with a grout close in colour mean fewer lines to break up the wall. Tile the whole wall behind the bath or shower, ' +
              'floor to ceiling, so the room reads as one surface.',
          ),
        ),
        carousel('Wall-hung basins', 'wall-hung-basins'),
      ],
    },
  },
  {
    slug: 'how-to-bleed-a-radiator',
    daysAgo: 9,
    relatedCategories: ['radiator-valves', 'thermostatic-radiator-valves'],
    post: {
      title: 'How to bleed a radiator (and when you need to)',
      seoDescription:
        'Cold at the top and warm at the bottom? Bleed the radiator in five minutes with a radiator key and a cloth, then check the boiler pressure.',
      summary: 'A radiator that is cold at the top has air in it. Bleeding it takes five minutes, a radiator key and a cloth.',
      author: 'Tom Fletcher',
      category: 'how-to',
      tags: ['radiators', 'heating', 'maintenance'],
      blocks: [
        text(
          p(
            'Air collects at the top of radiators over time, especially after work on the heating. The sign is a radiator that is warm at the bottom ' +
              'but cold at the top, or one that gurgles when the heating comes on.',
          ),
          h('What you need'),
          ul(
            'A radiator key (a few pounds from any hardware shop, or a flat screwdriver for some newer valves)',
            'An old cloth or towel',
            'A small container for drips',
          ),
          h('Step by step'),
          ol(
            'Turn the heating on so every radiator gets warm, then turn it off and wait for the radiators to cool: the water inside can be very hot.',
            'Find the bleed valve: a small square nut at one top corner of the radiator.',
            'Hold the cloth under the valve, fit the key and turn it a quarter turn anticlockwise. You will hear air hissing out.',
            'When water starts to come out instead of air, turn the key clockwise to close the valve. Do not overtighten it.',
            'Do the same for every radiator, starting with the one furthest from the boiler on the ground floor.',
          ),
          h('Check the boiler pressure'),
          p(
            'Letting air out lowers the pressure in a sealed system. Most combi boilers want 1 to 1.5 bar when the heating is cold: look at the gauge ' +
              'on the front. If it has dropped below 1 bar, top it up with the filling loop as your boiler’s manual shows.',
          ),
          p(
            'If a radiator needs bleeding every few weeks, air is getting in somewhere, or the system is making gas as it corrodes. That is a job for ' +
              'a heating engineer.',
          ),
        ),
      ],
    },
  },
  {
    slug: 'electric-or-mixer-shower',
    daysAgo: 16,
    relatedCategories: ['electric-showers', 'mixer-showers'],
    post: {
      title: 'Electric or mixer shower: which is right for your home?',
      seoDescription: 'How electric, mixer and power showers work, what each needs from your boiler and water supply, and which suits a combi boiler.',
      summary: 'The right shower depends on your hot water, not your taste. Here is how to tell which kind your home can run.',
      author: 'Priya Shah',
      category: 'buying-guides',
      tags: ['showers', 'water-pressure', 'combi-boilers'],
      blocks: [
        text(
          p('Most showers in British homes are one of three kinds. Which one you can fit depends on how your home gets its hot water.'),
          {
            kind: 'table',
            caption: 'The three kinds of shower at a glance',
            head: ['Kind', 'Hot water from', 'Good for'],
            rows: [
              ['Electric', 'Heats cold mains water itself', 'Any home; a second shower; when the boiler is off'],
              ['Mixer', 'Your boiler or hot water cylinder', 'Combi boilers and mains-pressure systems'],
              ['Power', 'A cylinder, boosted by a pump', 'Low-pressure gravity systems with a tank in the loft'],
            ],
          },
          h('Electric showers'),
          p(
            'An electric shower heats water as it flows, so it works whatever your boiler is doing. The higher the rating (from about 8.5 kW to 10.8 ' +
              'kW), the better the flow in winter when the mains is coldest. It needs its own circuit from the consumer unit, fitted by a registered ' +
              'electrician.',
          ),
          h('Mixer showers'),
          p(
            'A mixer blends hot and cold water that your home already has. With a combi boiler it gives a strong shower as long as the mains pressure ' +
              'is good. A thermostatic mixer holds the temperature steady when someone turns on a tap elsewhere.',
          ),
          h('Power showers'),
          p(
            'A power shower has a pump built in. Never fit one to a combi boiler or a mains-pressure system: it is only for gravity-fed homes with a ' +
              'cold water tank in the loft.',
          ),
        ),
        carousel('Electric showers', 'electric-showers'),
      ],
    },
  },
  {
    slug: 'how-to-reseal-a-bath',
    daysAgo: 23,
    relatedCategories: ['sealants-adhesives', 'plumbing-tools'],
    post: {
      title: 'How to reseal a bath so it stays watertight',
      seoDescription: 'Remove old mouldy silicone and run a neat new bead: the tools, the steps, and the trick of filling the bath first.',
      summary: 'Black, peeling silicone lets water behind the bath. Replacing it is an afternoon’s job with the right sealant and one simple trick.',
      author: 'Tom Fletcher',
      category: 'how-to',
      tags: ['baths', 'sealant', 'maintenance'],
      blocks: [
        text(
          p(
            'Silicone sealant does not last for ever. Once it turns black or starts to lift, water gets behind the bath panel and into the floor, ' +
              'which is how ceilings below bathrooms get stained.',
          ),
          h('What you need'),
          ul(
            'A sealant remover or a plastic scraper',
            'Bathroom silicone with a fungicide, in white or clear',
            'A sealant gun and masking tape',
            'Methylated spirits and a lint-free cloth',
          ),
          h('Step by step'),
          ol(
            'Cut and scrape away all the old silicone. Any left behind stops the new bead sticking.',
            'Clean the joint with methylated spirits and let it dry completely: overnight is best.',
            'Fill the bath with water. A full bath sits lower, so the seal is made at its widest gap and is not stretched later.',
            'Put masking tape along both sides of the joint, leaving a gap of about 6 mm.',
            'Cut the nozzle at an angle, and run the bead in one steady movement along each side.',
            'Smooth it with a wet finger or a shaping tool, then pull the tape off straight away.',
            'Leave the water in the bath and do not use it for 24 hours while the silicone cures.',
          ),
          p('For a shower tray, stand in the tray while a helper seals it, for the same reason.'),
        ),
      ],
    },
  },
  {
    slug: 'en-suite-ideas-for-awkward-spaces',
    daysAgo: 31,
    relatedCategories: ['quadrant-enclosures', 'cloakroom-basins', 'wc-units'],
    post: {
      title: 'En suite ideas for awkward spaces',
      seoDescription: 'Under the eaves, in a corner of the bedroom or a former cupboard: layouts and fittings that make a small en suite work.',
      summary: 'An en suite rarely gets a tidy rectangle. Here is how to plan one under a sloping ceiling, in a corner or in a former cupboard.',
      author: 'Hannah Okafor',
      category: 'bathroom-ideas',
      tags: ['en-suites', 'small-bathrooms', 'shower-enclosures'],
      blocks: [
        text(
          p(
            'An en suite adds value to a home, but it usually has to fit into whatever space the bedroom can spare. A little planning turns an awkward ' +
              'corner into a room you enjoy using.',
          ),
          h('Under a sloping ceiling'),
          p(
            'Put the toilet and basin where the ceiling is lowest, because you sit or lean at both. Keep the shower where you can stand up straight: ' +
              'you need at least 2 metres of headroom over the tray.',
          ),
          h('In a corner'),
          p('A quadrant enclosure has a curved front that takes up less floor than a square one of the same size, and its sliding doors need no room to open.'),
          h('In a former cupboard'),
          ul(
            'A cloakroom basin 350 to 450 mm wide fits where a full-size one will not.',
            'A back-to-wall toilet with a WC unit hides the cistern and gives you a shelf.',
            'A pocket door slides into the wall and saves the space a hinged door swings through.',
          ),
          h('Do not forget the fan'),
          p(
            'An en suite opens onto a bedroom, so steam has to go somewhere else. Building Regulations ask for an extractor in any bathroom without an ' +
              'opening window, and it makes sense in every one.',
          ),
        ),
        carousel('Quadrant enclosures', 'quadrant-enclosures'),
      ],
    },
  },
  {
    slug: 'freestanding-bath-buying-guide',
    daysAgo: 40,
    relatedCategories: ['freestanding-baths', 'freestanding-bath-taps'],
    post: {
      title: 'Freestanding baths: a buying guide',
      seoDescription: 'Sizes, materials, taps and floors: what to check before you fall for a freestanding bath.',
      summary: 'A freestanding bath makes a room, but it needs space around it, a floor that can take the weight and the right taps.',
      author: 'Hannah Okafor',
      category: 'buying-guides',
      tags: ['baths', 'freestanding', 'planning'],
      blocks: [
        text(
          p('Nothing says “bathroom to relax in” like a freestanding bath. Before you buy, check four things.'),
          h('1. Space around it'),
          p(
            'Allow at least 150 mm between the bath and each wall so you can clean behind it, and about 700 mm of clear floor alongside to get in and ' +
              'out. In practice that means a room at least 2.4 metres long for a 1,700 mm bath.',
          ),
          h('2. The floor'),
          p(
            'Filled with water and a bather, a large bath can weigh over 300 kg. On a suspended timber floor, ask a builder whether the joists need ' +
              'strengthening, especially for stone resin or cast iron.',
          ),
          h('3. Material'),
          {
            kind: 'table',
            caption: 'Freestanding bath materials compared',
            head: ['Material', 'Weight', 'Keeps water warm'],
            rows: [
              ['Acrylic', 'Light', 'Well'],
              ['Stone resin', 'Heavy', 'Very well'],
              ['Cast iron', 'Very heavy', 'Very well, once warm'],
            ],
          },
          h('4. Taps'),
          p(
            'Most freestanding baths have no tap holes. Choose floor-standing bath taps, wall-mounted taps, or a bath with a deck for deck-mounted ' +
              'ones, and plan the pipework before the floor goes down.',
          ),
        ),
        carousel('Freestanding bath taps', 'freestanding-bath-taps'),
      ],
    },
  },
  {
    slug: 'how-to-size-a-towel-rail',
    daysAgo: 48,
    relatedCategories: ['central-heating-towel-rails', 'dual-fuel-towel-rails'],
    post: {
      title: 'How to choose the right size of heated towel rail',
      seoDescription: 'BTUs, chrome versus white, and dual fuel: how to pick a towel rail that warms your bathroom as well as your towels.',
      summary: 'A towel rail is often a bathroom’s only heat. Here is how to work out how much heat you need, and why the finish matters.',
      author: 'Tom Fletcher',
      category: 'heating-and-plumbing',
      tags: ['towel-rails', 'heating', 'btu'],
      blocks: [
        text(
          p('A heated towel rail dries towels, but in most British bathrooms it is also the only heating. Buy one that is too small and the room stays cold.'),
          h('Work out the heat you need'),
          p(
            'Heat output is given in BTUs (British Thermal Units) or watts. Use a BTU calculator with the room’s size, its outside walls and its ' +
              'windows; a bathroom usually needs more heat per square metre than a bedroom, because you are in it with wet skin.',
          ),
          h('The finish changes the output'),
          p(
            'A chrome rail gives out noticeably less heat than a white or anthracite one of the same size: roughly a fifth less. If you love chrome, ' +
              'choose a larger rail or add underfloor heating.',
          ),
          h('Dual fuel for summer'),
          p(
            'A central heating rail is only warm when the heating is on. A dual fuel rail also has an electric element, so you can dry towels in ' +
              'summer without running the boiler. The element must be wired by an electrician, with a fused spur outside the shower zones.',
          ),
          ul(
            'Measure the pipe centres before you buy if you are replacing a rail.',
            'Check the rail’s output at the same temperature difference (ΔT 50 is usual) when comparing.',
          ),
        ),
      ],
    },
  },
  {
    slug: 'how-to-fix-a-dripping-tap',
    daysAgo: 57,
    relatedCategories: ['basin-taps', 'plumbing-tools'],
    post: {
      title: 'How to fix a dripping tap',
      seoDescription: 'Find out whether your tap has a washer or a ceramic cartridge, and replace the worn part in under an hour.',
      summary: 'A dripping tap wastes thousands of litres a year. Most can be fixed with a new washer or cartridge in under an hour.',
      author: 'Tom Fletcher',
      category: 'how-to',
      tags: ['taps', 'maintenance', 'saving-water'],
      blocks: [
        text(
          p(
            'A tap that drips once a second wastes more than 5,000 litres a year, and on a water meter you pay for every one. The fix depends on what ' +
              'is inside the tap.',
          ),
          h('Which kind of tap is it?'),
          ul(
            'If the handle turns several times from off to full on, it has a rubber washer.',
            'If it turns only a quarter or half turn, it has a ceramic disc cartridge.',
            'A single-lever mixer has a cartridge too.',
          ),
          h('Before you start'),
          ol(
            'Turn off the water to the tap, at its isolating valve under the basin or at the stopcock.',
            'Open the tap to let out what is left, and put the plug in so nothing small goes down the waste.',
          ),
          h('Replacing a washer or cartridge'),
          p(
            'Prise off the tap’s cover, undo the screw under it and lift off the handle. Undo the headgear nut with a spanner, holding the tap body so ' +
              'it does not turn. Swap the washer, or take the old cartridge to the shop to match it, then reassemble in reverse order.',
          ),
          p(
            'If the tap still drips with a new cartridge, or the body is worn, it is often cheaper in time to replace the tap.',
            ' ',
            link('See our basin taps', '/c/taps/basin-taps'),
            '.',
          ),
        ),
      ],
    },
  },
  {
    slug: 'sage-green-and-brass-bathroom-ideas',
    daysAgo: 66,
    relatedCategories: ['basin-taps', 'traditional-radiators', 'floor-standing-vanity-units'],
    post: {
      title: 'Sage green and brushed brass: a bathroom colour scheme that lasts',
      seoDescription: 'How to use sage green units, brushed brass taps and warm whites together for a calm bathroom that will not date quickly.',
      summary: 'Sage green furniture with brushed brass brassware is calm, warm and easy to live with. Here is how to put it together.',
      author: 'Hannah Okafor',
      category: 'bathroom-ideas',
      tags: ['colour', 'brass', 'vanity-units'],
      blocks: [
        text(
          p('Greens have replaced grey as the colour people ask us about most. Sage, a soft grey-green, works with both modern and period homes.'),
          h('Start with the furniture'),
          p(
            'A sage vanity unit is the easiest way in: it is one piece that brings the colour, and you can repaint the walls around it later. Keep the ' +
              'basin white so it looks clean.',
          ),
          h('Add warm metal'),
          p('Brushed brass taps, shower and towel rail give the green warmth. Keep every metal finish the same: mixed brass and chrome looks accidental.'),
          h('Keep walls and floor quiet'),
          ul(
            'Warm white or pale stone tiles on the walls',
            'A mid-toned floor, such as a grey-beige porcelain, that hides water marks',
            'Natural wood for shelves and a bath caddy',
          ),
          p(
            'Brushed brass is a finish, not solid brass all the way through: clean it with warm soapy water and a soft cloth, never a scourer or ' +
              'limescale remover.',
          ),
        ),
        carousel('Basin taps', 'basin-taps'),
      ],
    },
  },
  {
    slug: 'walk-in-shower-ideas',
    daysAgo: 75,
    relatedCategories: ['low-profile-trays', 'shower-wastes'],
    post: {
      title: 'Walk-in shower ideas for easier everyday living',
      seoDescription: 'Low-profile trays, wet rooms and grab rails: how to plan a walk-in shower that is easy to use for years to come.',
      summary: 'Swapping a bath for a walk-in shower is the most common change we help with. Here is how to plan one that is easy to use for years.',
      author: 'Priya Shah',
      category: 'bathroom-ideas',
      tags: ['showers', 'accessibility', 'wet-rooms'],
      blocks: [
        text(
          p('Stepping over a bath edge gets harder with time. A walk-in shower with a low threshold is safer, and it makes a small room feel bigger.'),
          h('Low-profile tray or wet room?'),
          p(
            'A low-profile tray is 25 to 45 mm high and fits on most floors. A wet room has no tray at all: the whole floor is tanked and falls to a ' +
              'drain. It is the most accessible, but costs more and needs a fitter who does them regularly.',
          ),
          h('Plan for later'),
          ul(
            'Fit a thermostatic shower so the water cannot suddenly run hot.',
            'Put blocking in the wall now, so a grab rail or a fold-down seat can be added later.',
            'Choose a slip-resistant tray or floor tile, rated R10 or better.',
            'Leave at least 900 mm by 900 mm to stand, more if someone may help.',
          ),
          h('Keep the water in'),
          p(
            'A fixed glass panel of at least 1,200 mm keeps the spray in without a door to open. Point the shower head away from the opening, and ' +
              'check that the waste can take the shower’s flow.',
          ),
        ),
        carousel('Low-profile shower trays', 'low-profile-trays'),
      ],
    },
  },
  {
    slug: 'bathroom-extractor-fans-and-the-rules',
    daysAgo: 84,
    relatedCategories: ['wall-ceiling-fans', 'in-line-fans'],
    post: {
      title: 'Bathroom extractor fans: what the rules ask for',
      seoDescription: 'Extraction rates, the bathroom zones and IP ratings: what Building Regulations expect from a bathroom fan and how to choose one.',
      summary: 'Condensation causes mould. Here is what Building Regulations ask of a bathroom fan, and how to choose one that is quiet enough to leave on.',
      author: 'Tom Fletcher',
      category: 'heating-and-plumbing',
      tags: ['ventilation', 'regulations', 'extractor-fans'],
      blocks: [
        text(
          p('A shower puts a lot of water into the air. If it is not taken away it settles on cold walls and windows, and mould follows.'),
          h('How much air?'),
          p(
            'In England, Approved Document F asks for a bathroom fan that can extract at least 15 litres a second when it is running. A fan with a ' +
              'timer keeps running for a set time after the light goes off.',
          ),
          h('The zones around water'),
          {
            kind: 'table',
            caption: 'Bathroom zones and the least protection a fitting there needs',
            head: ['Zone', 'Where', 'Least protection'],
            rows: [
              ['Zone 0', 'Inside the bath or shower tray', 'IPX7'],
              ['Zone 1', 'Above the bath or tray, up to 2.25 m', 'IPX4'],
              ['Zone 2', 'Within 0.6 m of the bath or tray', 'IPX4'],
            ],
          },
          p('A fan in zone 1 must also be a low-voltage (SELV) model. Any new circuit in a bathroom is notifiable work, so use a registered electrician.'),
          h('Quiet enough to leave on'),
          p(
            'Look for a noise level under about 30 dB(A). An in-line fan sits in the loft with only a grille in the ceiling, so it is the quietest ' +
              'choice of all.',
          ),
        ),
        carousel('Bathroom fans', 'extractor-fans'),
      ],
    },
  },
  {
    slug: 'planning-a-bathroom-refit',
    daysAgo: 95,
    relatedCategories: ['full-bathroom-suites', 'shower-bath-suites'],
    post: {
      title: 'Planning a bathroom refit: the order to do things in',
      seoDescription: 'From measuring up to the last bead of silicone: a week-by-week plan for a bathroom refit, and what to buy when.',
      summary: 'A bathroom refit goes smoothly when things happen in the right order. Here is the plan our fitters follow.',
      author: 'Hannah Okafor',
      category: 'buying-guides',
      tags: ['planning', 'budget', 'bathroom-suites'],
      blocks: [
        text(
          p('Most refits take one to two weeks once work starts. The time before that, choosing and ordering, is where a good result is decided.'),
          h('Before work starts'),
          ol(
            'Measure the room, including where the soil pipe leaves it: it decides where the toilet can go.',
            'Draw the layout and check every door and drawer can open.',
            'Set a budget, and keep about a tenth aside for surprises behind the old tiles.',
            'Order everything before the fitter starts, and check every box when it arrives.',
          ),
          h('The order of work'),
          ol(
            'Strip out the old suite and tiles.',
            'First fix: move pipes, wastes and cables while the walls are open.',
            'Board, plaster and tank the walls around the shower.',
            'Fit the bath or tray, then tile.',
            'Second fix: toilet, basin, taps, shower and towel rail.',
            'Seal, paint and fit accessories last.',
          ),
          p('A suite bought as one set matches in colour and style, and is usually cheaper than the same pieces bought apart.'),
        ),
        carousel('Bathroom suites', 'bathroom-suites'),
      ],
    },
  },
];
