/**
 * The Ideal Postcodes stand-in on its own, for a shop configured for Ideal Postcodes:
 * `PORT=3109 node packages/demo/src/postcode-standin/main.ts`, then IDEAL_POSTCODES_API_URL at it
 * and IDEAL_POSTCODES_API_KEY=ak_standin_test_key. It answers until it is stopped.
 */
import { startPostcodeStandIn } from './index.ts';

const standIn = await startPostcodeStandIn({ port: Number(process.env.PORT ?? 0) });
process.stdout.write(`Ideal Postcodes stand-in on ${standIn.url} (key ${standIn.apiKey})\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
