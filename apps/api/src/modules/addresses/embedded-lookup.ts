/**
 * The embedded postcode lookup: no provider, no network. Every valid UK postcode answers a stable
 * list of plausible addresses made from the postcode (a street, house numbers, sometimes flats), so
 * the demo and the tests find addresses offline. The town is the post town of the postcode's area
 * where it is a well-known one. Not real addresses: production sets IDEAL_POSTCODES_API_KEY.
 */
import { createHash } from 'node:crypto';
import type { LookedUpAddress } from '@shop/contracts';
import { summaryOf, type PostcodeLookup } from './postcode-lookup.ts';

const POST_TOWNS: Readonly<Record<string, string>> = {
  AB: 'Aberdeen',
  B: 'Birmingham',
  BA: 'Bath',
  BN: 'Brighton',
  BS: 'Bristol',
  BT: 'Belfast',
  CB: 'Cambridge',
  CF: 'Cardiff',
  CH: 'Chester',
  CV: 'Coventry',
  DD: 'Dundee',
  DE: 'Derby',
  E: 'London',
  EC: 'London',
  EH: 'Edinburgh',
  EX: 'Exeter',
  G: 'Glasgow',
  GL: 'Gloucester',
  HU: 'Hull',
  ID: 'London',
  IV: 'Inverness',
  L: 'Liverpool',
  LE: 'Leicester',
  LS: 'Leeds',
  M: 'Manchester',
  N: 'London',
  NE: 'Newcastle upon Tyne',
  NG: 'Nottingham',
  NR: 'Norwich',
  NW: 'London',
  OX: 'Oxford',
  PL: 'Plymouth',
  PO: 'Portsmouth',
  RG: 'Reading',
  S: 'Sheffield',
  SE: 'London',
  SO: 'Southampton',
  SW: 'London',
  TR: 'Truro',
  W: 'London',
  WC: 'London',
  YO: 'York',
};
const OTHER_TOWNS = ['Ashford', 'Bakewell', 'Chorley', 'Darlington', 'Ely', 'Frome', 'Hexham', 'Ludlow', 'Malton', 'Stroud'];
const STREETS = ['Station Road', 'High Street', 'Church Lane', 'Mill Lane', 'Victoria Road', 'Park Avenue', 'Queens Road', 'Orchard Close'];
const STREETS_MORE = ['Manor Way', 'The Crescent', 'Kingsway', 'Meadow View', 'Granville Terrace', 'Willow Drive', 'Albert Street'];
const HOUSE_NAMES = ['Rose Cottage', 'The Old Forge', 'Ivy House', 'Holly Lodge'];

/** A stable stream of small numbers from the postcode: the same postcode always gives the same addresses. */
function numbersFrom(postcode: string): () => number {
  const digest = createHash('sha256').update(postcode).digest();
  let at = 0;
  return () => digest[at++ % digest.length]!;
}

export function embeddedAddresses(postcode: string): LookedUpAddress[] {
  const next = numbersFrom(postcode);
  const area = /^[A-Z]+/.exec(postcode)?.[0] ?? '';
  const town = POST_TOWNS[area] ?? OTHER_TOWNS[next() % OTHER_TOWNS.length]!;
  const streets = [...STREETS, ...STREETS_MORE];
  const street = streets[next() % streets.length]!;
  const count = 6 + (next() % 10);
  const firstNumber = 1 + (next() % 40);
  const withFlats = next() % 3 === 0;
  const udprnBase = ((next() << 16) | (next() << 8) | next()) * 4;
  const addresses: LookedUpAddress[] = [];
  for (let index = 0; index < count; index++) {
    const number = firstNumber + index * 2;
    const houseName = index === count - 1 && next() % 2 === 0 ? HOUSE_NAMES[next() % HOUSE_NAMES.length]! : null;
    const flat = withFlats && index < 4 ? `Flat ${index + 1}` : null;
    const line1 = flat ? `${flat}, ${firstNumber} ${street}` : houseName ? `${houseName}, ${number} ${street}` : `${number} ${street}`;
    const address = {
      udprn: 10_000_000 + ((udprnBase + index) % 89_999_999),
      organisation: null,
      line1,
      line2: null,
      line3: null,
      town,
      county: null,
      postcode,
    };
    addresses.push({ ...address, summary: summaryOf(address) });
  }
  return addresses;
}

export function createEmbeddedLookup(): PostcodeLookup {
  return { kind: 'embedded', find: async (postcode) => ({ ok: true, addresses: embeddedAddresses(postcode) }) };
}
