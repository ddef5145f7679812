import type { Express } from 'express';
import type { Application } from '../composition-root';
import { mountStripeWebhook } from '../payments/webhooks/mount-stripe-webhook';
import { mountMessageStream } from '../realtime/mount-message-stream';
import { mountUploads } from './uploads-route';

/**
 * Routes that live outside Remix because they need the raw request or a long-lived response
 * (Stripe webhooks, server-sent events). Each feature mounts its own here.
 */
export function mountServerRoutes(server: Express, app: Application): void {
  mountStripeWebhook(server, app);
  mountUploads(server, app);
  mountMessageStream(server, app);
}
