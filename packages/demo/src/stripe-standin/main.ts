/**
 * The Stripe stand-in on its own, for the browser tests' shop configured for Stripe:
 * `PORT=3107 node packages/demo/src/stripe-standin/main.ts`. It serves Stripe's API
 * (STRIPE_API_URL) and Stripe.js (STRIPE_JS_URL, at `/v3/`) until it is stopped.
 */
import { startStripeStandIn } from './index.ts';

const port = Number(process.env.PORT ?? 0);
const standIn = await startStripeStandIn({ port });
process.stdout.write(`Stripe stand-in: API ${standIn.url}, Stripe.js ${standIn.jsUrl}\n`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
