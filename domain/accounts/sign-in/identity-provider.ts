import type { Result } from '../../shared/result';

/** What Google tells us about a person after the OAuth code flow (scope: openid email profile). */
export interface ExternalIdentity {
  readonly provider: 'google';
  /** The provider's stable subject id. */
  readonly subject: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly pictureUrl: string | null;
}

/**
 * Port: the server-side OAuth code flow with Google (PRODUCT.md). Failures are 'unavailable'
 * DomainErrors; pages show 'Login failed: {message}'.
 */
export interface IdentityProvider {
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<Result<ExternalIdentity>>;
}
