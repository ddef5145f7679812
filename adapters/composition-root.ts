import type { DataExportSource } from '../domain/accounts/data-export/data-export-source';
import type { CalendarAddressVault, CalendarFetchPolicy, ExternalBusyReader, ExternalCalendarSource } from '../domain/availability/external-calendar';
import type { CoachDirectory } from '../domain/booking/requests/coach-directory';
import type { CalendarFeedPorts } from '../domain/notifications/calendar-feed-ports';
import type { EmailPreferencesStore } from '../domain/notifications/notification-ports';
import type { PaymentGateway } from '../domain/payments/payment-gateway';
import type { PayoutGateway } from '../domain/payouts/payout-gateway';
import type { PayoutPolicy } from '../domain/payouts/use-cases/payout-deps';
import type { Clock } from '../domain/shared/clock';
import type { IdSource } from '../domain/shared/ids';
import type { RandomSource } from '../domain/shared/random';
import { createAccountPorts, type AccountPorts } from './accounts/account-ports';
import { createCalendarAddressVault } from './calendar/address-vault';
import { createCalendarSource } from './calendar/calendar-source';
import { createExternalBusyReader } from './persistence/availability/external-busy.reader';
import type { Env } from './config/env';
import type { Logger } from './logging/logger';
import { createPayments, type Payments } from './payments/payments';
import { createDataExportSource } from './persistence/accounts/data-export.source';
import { MikroCoachDirectory } from './persistence/booking/coach-directory';
import { createCalendarFeedRenderer } from './mail/calendar-feed-renderer';
import { createCalendarFeedStore } from './persistence/notifications/calendar-feed-store';
import { createEmailPreferencesStore } from './persistence/notifications/notification-store';
import { openOrm, type Orm } from './persistence/orm';
import { MikroUnitOfWork } from './persistence/unit-of-work';
import { createMessaging, type MessagingPorts } from './realtime/messaging';
import type { PgNotifier } from './realtime/pg-notifier';
import { cryptoFeedSecrets } from './system/feed-secrets';
import { AdjustableClock, cryptoRandom, systemClock, uuidSource } from './system/system-ports';

/**
 * Everything the web and the CLI need, built once from configuration. Loaders, actions and CLI
 * commands call use cases with `app.deps()`, which gives a fresh unit of work per call (a web
 * request's are made once: app/request-deps.server.ts).
 */
export interface Application {
  readonly env: Env;
  readonly logger: Logger;
  readonly orm: Orm;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly random: RandomSource;
  /** Signs session cookies and email links. */
  readonly sessionSecret: string;
  /** Present only in test mode: lets browser tests move time. */
  readonly testClock?: AdjustableClock;
  /** The payment gateway (Stripe, or the offline test gateway) and what the dialog and webhooks need. */
  readonly payments: Payments;
  /** Messages committed by any instance (PostgreSQL LISTEN/NOTIFY), for server-sent events. */
  readonly messageEvents: PgNotifier;
  deps(): UseCaseDeps;
  close(): Promise<void>;
}

/** The ports a use case may ask for. Contexts add theirs as they arrive. */
export interface UseCaseDeps extends AccountPorts, MessagingPorts {
  uow: MikroUnitOfWork;
  clock: Clock;
  ids: IdSource;
  random: RandomSource;
  gateway: PaymentGateway;
  /** Stripe Connect (or the offline stand-in) and the platform's commission, for coach payouts. */
  payoutGateway: PayoutGateway;
  payoutPolicy: PayoutPolicy;
  /** What booking needs to know of a coach (reads outside the unit of work). */
  coaches: CoachDirectory;
  /** Which optional emails each user turned off (users.email_preferences). */
  emailPreferences: EmailPreferencesStore;
  /** Personal calendar feeds (calendar_feeds, token digests, the iCalendar renderer). */
  calendarFeeds: CalendarFeedPorts;
  /** 'Download my data': one person's rows for the export document. */
  dataExport: DataExportSource;
  /** Coaches' linked calendars: the sealed address, the fetch and read, the test setting, the busy time read. */
  calendarVault: CalendarAddressVault;
  calendarSource: ExternalCalendarSource;
  calendarFetchPolicy: CalendarFetchPolicy;
  externalBusy: ExternalBusyReader;
}

export async function createApplication(options: { env: Env; logger: Logger; databaseUrl: string; sessionSecret: string }): Promise<Application> {
  const { env, logger } = options;
  const orm = await openOrm(options.databaseUrl);
  const testClock = env.FACT_TEST_MODE === '1' ? new AdjustableClock() : undefined;
  const clock: Clock = testClock ?? systemClock;
  const payments = createPayments(env, orm, clock);
  const accounts = createAccountPorts({ env, logger, orm, sessionSecret: options.sessionSecret });
  const messaging = createMessaging({ orm, logger, databaseUrl: options.databaseUrl });
  const emailPreferences = createEmailPreferencesStore(orm);
  const calendarFeeds: CalendarFeedPorts = { store: createCalendarFeedStore(orm), secrets: cryptoFeedSecrets, renderer: createCalendarFeedRenderer() };
  const payoutPolicy: PayoutPolicy = { commissionBps: env.PLATFORM_COMMISSION_BPS };
  const dataExport = createDataExportSource(orm);
  // The key of the linked calendars' addresses: its own variable, else the session secret (README).
  const calendarVault = createCalendarAddressVault(env.CALENDAR_LINK_KEY ?? options.sessionSecret);
  const calendarFetchPolicy: CalendarFetchPolicy = { allowInsecure: env.CALENDAR_FETCH_ALLOW_INSECURE === '1' };
  const calendarSource = createCalendarSource(calendarFetchPolicy);

  return {
    env,
    logger,
    orm,
    clock,
    ids: uuidSource,
    random: cryptoRandom,
    sessionSecret: options.sessionSecret,
    testClock,
    payments,
    messageEvents: messaging.events,
    deps: () => {
      // One fork for every read of these ports (the unit of work's, made on first use).
      const uow = new MikroUnitOfWork(orm);
      const reads = () => uow.readEm;
      return {
        uow,
        clock,
        ids: uuidSource,
        random: cryptoRandom,
        gateway: payments.gateway,
        payoutGateway: payments.payouts,
        payoutPolicy,
        coaches: new MikroCoachDirectory(reads),
        emailPreferences,
        calendarFeeds,
        dataExport,
        calendarVault,
        calendarSource,
        calendarFetchPolicy,
        externalBusy: createExternalBusyReader(reads),
        ...accounts,
        ...messaging.ports(reads),
      };
    },
    close: async () => {
      await messaging.close();
      await orm.close();
    },
  };
}
