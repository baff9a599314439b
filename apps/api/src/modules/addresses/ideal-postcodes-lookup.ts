/**
 * The Ideal Postcodes adapter (docs/domain.md §7): `GET {apiUrl}/v1/postcodes/{postcode}?api_key=…`
 * answers Royal Mail's address file for the postcode, PAF fields and `udprn`. Its 404 is a postcode
 * with no addresses; 402 (credit exhausted), 401 (key refused), 429 and anything else mean the lookup
 * cannot be used now, and the customer types the address by hand. The key is sent to the provider
 * only: it is in no answer and no log line.
 */
import type { LookedUpAddress } from '@shop/contracts';
import { summaryOf, type LookupOutcome, type PostcodeLookup } from './postcode-lookup.ts';

/** A lookup slower than this is not worth waiting for: the customer can type the address. */
const TIMEOUT_MS = 4000;

/** The PAF fields we use of an Ideal Postcodes address. */
interface IdealAddress {
  line_1?: string;
  line_2?: string;
  line_3?: string;
  post_town?: string;
  postcode?: string;
  udprn?: number | string;
  organisation_name?: string;
  county?: string;
  postal_county?: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
/** Post towns come in capitals from PAF: "BARONS COURT" reads better as "Barons Court". */
const titleCase = (town: string) => town.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase());

export function fromIdealAddress(raw: IdealAddress, postcode: string): LookedUpAddress | null {
  const line1 = text(raw.line_1);
  const town = text(raw.post_town);
  if (!line1 || !town) return null;
  const udprn = Number(raw.udprn);
  const address = {
    udprn: Number.isInteger(udprn) && udprn > 0 ? udprn : null,
    organisation: text(raw.organisation_name),
    line1,
    line2: text(raw.line_2),
    line3: text(raw.line_3),
    town: titleCase(town),
    county: text(raw.postal_county) ?? text(raw.county),
    postcode: text(raw.postcode) ?? postcode,
  };
  return { ...address, summary: summaryOf(address) };
}

const PROVIDER_REFUSALS: Record<number, string> = {
  401: 'Ideal Postcodes refused the API key (401): check IDEAL_POSTCODES_API_KEY',
  402: 'Ideal Postcodes credit is exhausted (402): top up the account',
  429: 'Ideal Postcodes rate limit reached (429)',
};

export function createIdealPostcodesLookup(settings: { apiKey: string; apiUrl: string }): PostcodeLookup {
  return {
    kind: 'ideal-postcodes',
    async find(postcode): Promise<LookupOutcome> {
      const url = `${settings.apiUrl}/v1/postcodes/${encodeURIComponent(postcode.replace(' ', ''))}?api_key=${encodeURIComponent(settings.apiKey)}`;
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch (error) {
        const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS} ms` : 'could not be reached';
        return { ok: false, reason: 'unavailable', detail: `Ideal Postcodes ${why}` };
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return { ok: false, reason: 'not-found' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: 'unavailable', detail: PROVIDER_REFUSALS[response.status] ?? `Ideal Postcodes answered ${response.status}` };
      }
      const body = (await response.json().catch(() => null)) as { result?: IdealAddress[] } | null;
      if (!body || !Array.isArray(body.result)) return { ok: false, reason: 'unavailable', detail: 'Ideal Postcodes answered with no address list' };
      const addresses = body.result.map((raw) => fromIdealAddress(raw, postcode)).filter((address) => address !== null);
      return addresses.length > 0 ? { ok: true, addresses } : { ok: false, reason: 'not-found' };
    },
  };
}
