import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Ideal Postcodes' postcode lookup (the real one costs per lookup and is
 * unreachable from tests): `GET /v1/postcodes/{postcode}?api_key=…` in its JSON shapes, with its
 * test postcode `ID1 1QD` and its refusals: 401 for another key (code 4010), 402 once credit is
 * exhausted (4020), 404 for a postcode it does not know (4040).
 */
export interface PostcodeStandIn {
  /** `http://127.0.0.1:<port>`: IDEAL_POSTCODES_API_URL. */
  url: string;
  /** The key it accepts: IDEAL_POSTCODES_API_KEY. */
  apiKey: string;
  /** Every request received: its path and query, as sent. */
  requests: { path: string; query: Record<string, string> }[];
  /** From now on answer 402, as when the account's credit runs out (`false` tops it up). */
  exhaustCredit(exhausted: boolean): void;
  close(): Promise<void>;
}

/** The PAF fields of a few addresses at Ideal Postcodes' test postcode, as its API answers them. */
const paf = (line1: string, number: string, udprn: number, organisation = '') => ({
  postcode: 'ID1 1QD',
  postcode_inward: '1QD',
  postcode_outward: 'ID1',
  post_town: 'LONDON',
  dependant_locality: '',
  thoroughfare: 'Barons Court Road',
  building_number: number,
  building_name: '',
  sub_building_name: '',
  organisation_name: organisation,
  udprn,
  umprn: '',
  line_1: line1,
  line_2: '',
  line_3: '',
  premise: number,
  country: 'England',
  county: 'London',
  postal_county: 'London',
  traditional_county: 'Greater London',
  district: 'Hammersmith and Fulham',
});

export const STANDIN_ADDRESSES: Record<string, readonly Record<string, unknown>[]> = {
  ID11QD: [
    paf('2 Barons Court Road', '2', 25962203),
    paf('3 Barons Court Road', '3', 25962215),
    paf('Moda Ltd, 4 Barons Court Road', '4', 25962189, 'Moda Ltd'),
  ],
};

export async function startPostcodeStandIn(options: { port?: number; apiKey?: string } = {}): Promise<PostcodeStandIn> {
  const apiKey = options.apiKey ?? 'ak_standin_test_key';
  const requests: PostcodeStandIn['requests'] = [];
  let exhausted = false;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://standin');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) return answer(404, { code: 4040, message: 'Resource not found' });
    if (url.searchParams.get('api_key') !== apiKey) return answer(401, { code: 4010, message: 'Invalid Key. Check your API key' });
    if (exhausted) return answer(402, { code: 4020, message: 'Token balance depleted' });
    const postcode = decodeURIComponent(match[1]!).replace(/\s+/g, '').toUpperCase();
    const result = STANDIN_ADDRESSES[postcode];
    if (!result) return answer(404, { code: 4040, message: 'Postcode Not Found', suggestions: [] });
    return answer(200, { result, code: 2000, message: 'Success' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    exhaustCredit: (value) => void (exhausted = value),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
