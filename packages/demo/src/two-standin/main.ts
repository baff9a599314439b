/**
 * The Two stand-in on its own, for a shop configured for Two:
 * `PORT=3110 node packages/demo/src/two-standin/main.ts`, then TWO_API_URL at it, TWO_API_KEY=two_standin_test_key
 * and TWO_MERCHANT_ID=mer_standin. It answers until it is stopped.
 */
import { startTwoStandIn } from './index.ts';

const standIn = await startTwoStandIn({ port: Number(process.env.PORT ?? 0) });
process.stdout.write(`Two stand-in on ${standIn.url} (key ${standIn.apiKey}, merchant ${standIn.merchantId})\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
