import type { FastifyInstance } from 'fastify';

/** `path` on this instance, as a sender in the same process reaches it: over loopback, once the app listens (null before). */
export function loopbackUrl(app: FastifyInstance, path: string): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const host =
    address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}${path}`;
}
