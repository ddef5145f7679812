import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Logger } from '../logging/logger';

/**
 * Test mode only (FACT_TEST_MODE=1 and FACT_MOCK_GOOGLE=1): answers Google's token and
 * user-info endpoints inside the server process, so browser tests drive the whole code flow.
 * The authorization code is the identity to sign in as: base64url(JSON {sub, email, name,
 * picture?, email_verified?}); the code 'fail' makes the token exchange fail.
 */
export interface MockGoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  email_verified?: boolean;
}

export function mockGoogleCode(identity: MockGoogleIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString('base64url');
}

export function startGoogleMock(logger: Logger): () => void {
  const server = setupServer(
    http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
      const code = new URLSearchParams(await request.text()).get('code') ?? '';
      if (code === 'fail') return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad code' }, { status: 400 });
      return HttpResponse.json({ access_token: `mock.${code}`, token_type: 'Bearer', expires_in: 3599, scope: 'openid email profile', id_token: 'mock' });
    }),
    http.get('https://www.googleapis.com/oauth2/v3/userinfo', ({ request }) => {
      const token = (request.headers.get('authorization') ?? '').replace(/^Bearer mock\./, '');
      try {
        const identity = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as MockGoogleIdentity;
        return HttpResponse.json({ email_verified: true, picture: null, ...identity });
      } catch {
        return HttpResponse.json({ error: 'invalid_token' }, { status: 401 });
      }
    }),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  logger.warn('Google endpoints are mocked (FACT_MOCK_GOOGLE=1, test mode)');
  return () => server.close();
}
