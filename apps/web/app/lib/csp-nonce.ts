import { createContext, useContext } from 'react';

/**
 * This response's script nonce, which its content security policy names (apps/server/src/web.ts,
 * docs/decisions/0064): given by the server to the entry, which provides it while drawing the page.
 * In the browser there is none: scripts the page adds later are trusted through 'strict-dynamic'.
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonceContext);

/** The nonce the server put in the request's context, if any (none under `react-router dev`). */
export function cspNonceOf(loadContext: unknown): string | undefined {
  const nonce = (loadContext as { cspNonce?: unknown } | undefined)?.cspNonce;
  return typeof nonce === 'string' ? nonce : undefined;
}
