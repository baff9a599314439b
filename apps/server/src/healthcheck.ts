/** The image's HEALTHCHECK: exits 0 when this instance's process answers `/livez` (every role has it: decision 0070). */
const response = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/livez`, { signal: AbortSignal.timeout(4_000) }).catch(() => null);
process.exit(response?.status === 200 ? 0 : 1);
