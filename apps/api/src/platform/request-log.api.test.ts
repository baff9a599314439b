import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * The log at its default level (info) holds what is worth reading, not a line per request: the
 * start-up banner is not buried (platform/request-log.ts, README "Settings").
 */
interface Line {
  level: number;
  reqId?: string;
  msg: string;
  res?: { statusCode: number };
}
const INFO = 30;
const ERROR = 50;

async function capture(env: Record<string, string>): Promise<{ api: TestApi; lines: Line[] }> {
  const lines: Line[] = [];
  const api = await startTestApi({ env: { LOG_LEVEL: 'info', ...env }, seed: false, logDestination: { write: (line) => void lines.push(JSON.parse(line)) } });
  return { api, lines };
}

async function get(api: TestApi, path: string, requestId: string): Promise<number> {
  const response = await fetch(`${api.origin}${path}`, { headers: { 'x-request-id': requestId } });
  await response.arrayBuffer();
  return response.status;
}

describe('with the default settings', () => {
  let api: TestApi;
  let lines: Line[];
  beforeAll(async () => ({ api, lines } = await capture({})));
  // The test closes the database itself.
  afterAll(() => api.app.close());

  it('writes nothing for requests answered well and in time, and an error line for one that fails', async () => {
    const answered = [];
    for (let request = 0; request < 10; request++) {
      answered.push(await get(api, request % 2 ? '/api/health' : '/api/checkout/checkout/listcountries', `fine-${request}`));
    }
    // A refusal (404, 400) is the client's to act on: not at info either.
    answered.push(await get(api, '/api/order-tracking/TrackMyOrder/not-an-order/jo%40example.com', 'fine-refused'));
    expect(answered.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answered.at(-1)).toBeGreaterThanOrEqual(400);
    // The database gone: the next call that needs it fails with a 500, which is always logged.
    await api.database.close();
    expect(await get(api, '/api/order-tracking/TrackMyOrder/BP12345678/jo%40example.com', 'failing')).toBe(500);
    const failed = await vi.waitFor(() => {
      const mine = lines.filter((line) => line.reqId === 'failing' && line.res);
      expect(mine).toHaveLength(1);
      return mine[0];
    });
    expect(failed).toMatchObject({ level: ERROR, res: { statusCode: 500 } });
    expect(lines.filter((line) => line.reqId?.startsWith('fine-'))).toEqual([]);
  });
});

describe('a request slower than REQUEST_LOG_SLOW_MS', () => {
  let api: TestApi;
  let lines: Line[];
  beforeAll(async () => ({ api, lines } = await capture({ REQUEST_LOG_SLOW_MS: '0' })));
  afterAll(() => api.close());

  it('is logged at info with its time', async () => {
    expect(await get(api, '/api/health', 'slow')).toBe(200);
    const logged = await vi.waitFor(() => {
      const mine = lines.filter((line) => line.reqId === 'slow');
      expect(mine).toHaveLength(1);
      return mine[0];
    });
    expect(logged).toMatchObject({ level: INFO, msg: 'slow request', res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });
});
