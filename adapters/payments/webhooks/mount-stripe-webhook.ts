import express, { type Express } from 'express';
import type { Application } from '../../composition-root';
import { handleAsync } from '../../http/async-handler';
import { receiveStripeWebhook } from './stripe-webhook';

/** POST /webhooks/stripe with the raw body (the signature is over the exact bytes Stripe sent). */
export function mountStripeWebhook(server: Express, app: Application): void {
  server.post(
    '/webhooks/stripe',
    express.raw({ type: '*/*', limit: '512kb' }),
    handleAsync(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const reply = await receiveStripeWebhook(app, body, req.header('stripe-signature'));
      res.status(reply.status).json(reply.body);
    }),
  );
}
