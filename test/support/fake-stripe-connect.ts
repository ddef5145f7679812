import type { RecordedRequest } from './fake-stripe';

/**
 * Stripe Connect in the local fake Stripe (test/support/fake-stripe.ts plugs it in): Express
 * accounts, account links, transfers funded by a charge (source_transaction) and their reversals.
 * It refuses what Stripe would: a destination that does not exist or cannot receive transfers
 * yet, a source charge that is not captured, more than is left of that charge, a reversal larger
 * than what is left of the transfer. Idempotency keys are honoured by fake-stripe.ts for every
 * POST, these included. Test hooks play Stripe's other parts: the coach finishing the hosted
 * onboarding, a dispute on a charge, a payout to the coach's bank.
 */
type Json = Record<string, unknown>;

export interface ConnectReply {
  readonly status: number;
  readonly body: Json;
}

export interface FakeConnect {
  readonly accounts: Map<string, Json>;
  readonly transfers: Map<string, Json>;
  readonly reversals: Json[];
  readonly accountLinks: Json[];
  /** The coach finished the hosted onboarding: details submitted, payouts and transfers enabled. Returns the account as an account.updated event carries it. */
  completeOnboarding(accountId: string): Json;
  /** Stripe wants more from the coach (payouts paused): the account as an account.updated event carries it. */
  requireMore(accountId: string, due: string[]): Json;
  /** A copy of an account now, as an event would carry it. */
  account(accountId: string): Json;
  /**
   * A card dispute (chargeback) on the intent's charge, as charge.dispute.* events carry it;
   * calling again with the same `id` moves that dispute on (its status).
   */
  dispute(intentId: string, input: { status: string; id?: string; amount?: number; reason?: string; expandIntent?: boolean }): Json;
  /** Stripe paid the connected account's balance out to the coach's bank (a payout.paid event's object). */
  payout(accountId: string, input: { createdAt: Date; arrivalDate: Date; amount?: number }): Json;
  /** The next `count` POSTs to `path` (e.g. '/v1/transfers') fail with this reply before doing anything. */
  failNext(path: string, reply: ConnectReply, count?: number): void;
}

export interface FakeConnectDeps {
  readonly intents: Map<string, Json>;
  readonly charges: Map<string, Json>;
  readonly nextId: (prefix: string) => string;
}

const stripeError = (status: number, type: string, message: string, extra: Json = {}): ConnectReply => ({ status, body: { error: { type, message, ...extra } } });
const invalid = (message: string, extra: Json = {}) => stripeError(400, 'invalid_request_error', message, extra);
const seconds = (d: Date = new Date()) => Math.floor(d.getTime() / 1000);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

function positiveInt(value: string | undefined): number | null {
  return value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** `metadata[key]=v` fields of a form. */
function metadataOf(form: Readonly<Record<string, string>>): Json {
  return Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (/^metadata\[(.+)\]$/.exec(k) ? [[k.slice(9, -1), v]] : [])));
}

const ONBOARDING_DUE = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date'];

export function createFakeConnect(deps: FakeConnectDeps): { connect: FakeConnect; route(req: RecordedRequest): ConnectReply | null } {
  const accounts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const reversals: Json[] = [];
  const accountLinks: Json[] = [];
  const disputes = new Map<string, Json>();
  const failures: { path: string; reply: ConnectReply }[] = [];

  const noAccount = (id: string, param = 'account') => invalid(`No such account: '${id}'`, { code: 'resource_missing', param });
  const noTransfer = (id: string) => stripeError(404, 'invalid_request_error', `No such transfer: '${id}'`, { code: 'resource_missing', param: 'id' });

  /** What is left of a charge to fund transfers: captured, less refunds, less what earlier transfers kept. */
  function leftOfCharge(charge: Json): number {
    const transferred = [...transfers.values()].filter((t) => t.source_transaction === charge.id).reduce((sum, t) => sum + (t.amount as number) - (t.amount_reversed as number), 0);
    return (charge.amount as number) - (charge.amount_refunded as number) - transferred;
  }

  function createAccount(form: Readonly<Record<string, string>>): ConnectReply {
    if (form.type !== 'express' && form.type !== 'standard' && form.type !== 'custom') return invalid('Missing required param: type.', { code: 'parameter_missing', param: 'type' });
    const id = deps.nextId('acct');
    const account: Json = {
      id,
      object: 'account',
      type: form.type,
      country: form.country ?? 'US',
      default_currency: form.default_currency ?? 'usd',
      email: form.email ?? null,
      business_type: form.business_type ?? null,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: form['capabilities[transfers][requested]'] === 'true' ? { transfers: 'inactive' } : {},
      requirements: { currently_due: [...ONBOARDING_DUE], eventually_due: [...ONBOARDING_DUE], past_due: [...ONBOARDING_DUE], disabled_reason: 'requirements.past_due' },
      metadata: metadataOf(form),
      created: seconds(),
    };
    accounts.set(id, account);
    return { status: 200, body: account };
  }

  function createAccountLink(form: Readonly<Record<string, string>>): ConnectReply {
    const account = accounts.get(form.account ?? '');
    if (!account) return noAccount(form.account ?? '');
    if (form.type !== 'account_onboarding' && form.type !== 'account_update')
      return invalid('Invalid type: must be one of account_onboarding or account_update', { code: 'parameter_invalid_empty', param: 'type' });
    for (const param of ['return_url', 'refresh_url'] as const) {
      if (!form[param] || !/^https?:\/\//.test(form[param])) return invalid(`Not a valid URL`, { code: 'url_invalid', param });
    }
    const link: Json = {
      object: 'account_link',
      url: `https://connect.stripe.test/setup/e/${String(account.id)}/${deps.nextId('link')}`,
      created: seconds(),
      expires_at: seconds() + 300,
      account: account.id,
      return_url: form.return_url,
      refresh_url: form.refresh_url,
    };
    accountLinks.push(link);
    return { status: 200, body: link };
  }

  function createTransfer(form: Readonly<Record<string, string>>): ConnectReply {
    const amount = positiveInt(form.amount);
    if (amount === null) return invalid('Invalid integer: amount', { code: 'parameter_invalid_integer', param: 'amount' });
    if (form.currency !== 'gbp') return invalid(`Transfers must be in the currency of the source charge (gbp), not '${form.currency ?? ''}'.`, { param: 'currency' });
    const destination = accounts.get(form.destination ?? '');
    if (!destination) return invalid(`No such destination: '${form.destination ?? ''}'`, { code: 'resource_missing', param: 'destination' });
    if ((destination.capabilities as Json).transfers !== 'active')
      return invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', {
        code: 'insufficient_capabilities_for_transfer',
        param: 'destination',
      });
    let charge: Json | undefined;
    if (form.source_transaction !== undefined) {
      charge = deps.charges.get(form.source_transaction);
      if (!charge) return invalid(`No such charge: '${form.source_transaction}'`, { code: 'resource_missing', param: 'source_transaction' });
      if (charge.status !== 'succeeded' || charge.captured !== true)
        return invalid(`The source transaction ${String(charge.id)} has not been captured; a transfer can only be funded by a captured charge.`, { param: 'source_transaction' });
      const left = leftOfCharge(charge);
      if (amount > left)
        return invalid(`The transfer amount (${pounds(amount)}) is greater than what is left of the source transaction ${String(charge.id)} (${pounds(left)}).`, {
          code: 'amount_too_large',
          param: 'amount',
        });
    }
    const id = deps.nextId('tr');
    const transfer: Json = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: form.currency,
      created: seconds(),
      destination: destination.id,
      destination_payment: deps.nextId('py'),
      livemode: false,
      metadata: metadataOf(form),
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: charge?.id ?? null,
      source_type: 'card',
      transfer_group: form.transfer_group ?? null,
    };
    transfers.set(id, transfer);
    return { status: 200, body: transfer };
  }

  function reverseTransfer(transfer: Json, form: Readonly<Record<string, string>>): ConnectReply {
    const left = (transfer.amount as number) - (transfer.amount_reversed as number);
    const amount = form.amount === undefined ? left : positiveInt(form.amount);
    if (amount === null || amount > left)
      return invalid(`Transfer ${String(transfer.id)} has only ${pounds(left)} left to reverse; ${pounds(amount ?? 0)} was asked for.`, { code: 'amount_too_large', param: 'amount' });
    const reversal: Json = { id: deps.nextId('trr'), object: 'transfer_reversal', amount, currency: transfer.currency, transfer: transfer.id, created: seconds(), metadata: metadataOf(form) };
    reversals.push(reversal);
    const reversed = (transfer.amount_reversed as number) + amount;
    const list = transfer.reversals as { data: Json[]; total_count: number };
    Object.assign(transfer, { amount_reversed: reversed, reversed: reversed === transfer.amount, reversals: { ...list, data: [reversal, ...list.data], total_count: list.total_count + 1 } });
    return { status: 200, body: reversal };
  }

  function route(req: RecordedRequest): ConnectReply | null {
    const parts = req.path.split('/').filter(Boolean); // v1, accounts | account_links | transfers, id, reversals
    if (parts[0] !== 'v1' || !['accounts', 'account_links', 'transfers'].includes(parts[1] ?? '')) return null;
    if (req.method === 'POST') {
      const failure = failures.findIndex((f) => f.path === req.path);
      if (failure >= 0) return failures.splice(failure, 1)[0]!.reply;
    }
    const form = req.form;
    const [, resource, id, action] = parts;
    if (resource === 'accounts') {
      if (req.method === 'POST' && id === undefined) return createAccount(form);
      if (req.method === 'GET' && id !== undefined && action === undefined) {
        const account = accounts.get(id);
        return account ? { status: 200, body: account } : stripeError(404, 'invalid_request_error', `No such account: '${id}'`, { code: 'resource_missing', param: 'account' });
      }
    }
    if (resource === 'account_links' && req.method === 'POST' && id === undefined) return createAccountLink(form);
    if (resource === 'transfers') {
      if (req.method === 'POST' && id === undefined) return createTransfer(form);
      if (id !== undefined) {
        const transfer = transfers.get(id);
        if (!transfer) return noTransfer(id);
        if (req.method === 'GET' && action === undefined) return { status: 200, body: transfer };
        if (req.method === 'POST' && action === 'reversals' && parts.length === 4) return reverseTransfer(transfer, form);
      }
    }
    return null;
  }

  const copy = (v: Json): Json => structuredClone(v);
  const accountOrThrow = (accountId: string): Json => {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`fake Stripe: no account ${accountId}`);
    return account;
  };

  const connect: FakeConnect = {
    accounts,
    transfers,
    reversals,
    accountLinks,
    completeOnboarding(accountId) {
      const account = accountOrThrow(accountId);
      Object.assign(account, {
        details_submitted: true,
        charges_enabled: true,
        payouts_enabled: true,
        capabilities: { ...(account.capabilities as Json), transfers: 'active' },
        requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
      });
      return copy(account);
    },
    requireMore(accountId, due) {
      const account = accountOrThrow(accountId);
      Object.assign(account, {
        payouts_enabled: false,
        capabilities: { ...(account.capabilities as Json), transfers: 'inactive' },
        requirements: { currently_due: [...due], eventually_due: [...due], past_due: [...due], disabled_reason: 'requirements.past_due' },
      });
      return copy(account);
    },
    account: (accountId) => copy(accountOrThrow(accountId)),
    dispute(intentId, input) {
      const pi = deps.intents.get(intentId);
      if (!pi) throw new Error(`fake Stripe: no payment intent ${intentId}`);
      const charge = deps.charges.get(pi.latest_charge as string);
      if (!charge) throw new Error(`fake Stripe: payment intent ${intentId} has no charge`);
      const existing = input.id ? disputes.get(input.id) : undefined;
      const dispute: Json = existing ?? {
        id: input.id ?? deps.nextId('dp'),
        object: 'dispute',
        amount: input.amount ?? charge.amount_captured,
        balance_transactions: [],
        charge: charge.id,
        created: seconds(),
        currency: charge.currency,
        evidence_details: { due_by: seconds() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: intentId,
        reason: input.reason ?? 'fraudulent',
        status: input.status,
      };
      Object.assign(dispute, { status: input.status, ...(input.amount !== undefined ? { amount: input.amount } : {}), ...(input.reason !== undefined ? { reason: input.reason } : {}) });
      disputes.set(dispute.id as string, dispute);
      const out = copy(dispute);
      return input.expandIntent ? { ...out, payment_intent: copy(pi) } : out;
    },
    payout(accountId, input) {
      accountOrThrow(accountId);
      return {
        id: deps.nextId('po'),
        object: 'payout',
        amount: input.amount ?? 0,
        arrival_date: seconds(input.arrivalDate),
        automatic: true,
        created: seconds(input.createdAt),
        currency: 'gbp',
        destination: deps.nextId('ba'),
        livemode: false,
        method: 'standard',
        status: 'paid',
        type: 'bank_account',
      };
    },
    failNext(path, reply, count = 1) {
      for (let i = 0; i < count; i++) failures.push({ path, reply });
    },
  };
  return { connect, route };
}
