import Stripe from 'stripe';

/**
 * The Stripe API version FACT is written against, pinned so that a dashboard upgrade or an SDK
 * bump never changes the shape of what we read. It is the default of the installed SDK
 * (stripe@23.1.0 → '2026-10-28.endive'); `stripe-client.test.ts` fails when the SDK moves on,
 * so a bump is a deliberate change (read Stripe's changelog, then update this line).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeClientOptions {
  readonly secretKey: string;
  /** STRIPE_API_BASE: points the SDK elsewhere (a local fake in tests), e.g. http://127.0.0.1:12111. */
  readonly apiBase?: string;
  /** Request timeout; Stripe's default (80 s) is too long for a page waiting on it. */
  readonly timeoutMs?: number;
  readonly maxNetworkRetries?: number;
}

/** Host, port and protocol for the SDK from an API base URL. */
export function apiBaseOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: options.timeoutMs ?? 20_000,
    // Network retries reuse our idempotency key, so a retried write never runs twice.
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: 'FACT', version: '0.1.0' },
    ...apiBaseOptions(options.apiBase),
  });
}
