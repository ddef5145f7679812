import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this response (adapters/http/content-security-policy.ts),
 * provided by entry.server.tsx. On the server it marks Remix's inline scripts; in the browser it
 * is undefined (the scripts already ran).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
