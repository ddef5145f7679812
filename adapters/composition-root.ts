import type { Clock } from '../domain/shared/clock';
import type { IdSource } from '../domain/shared/ids';
import type { RandomSource } from '../domain/shared/random';
import type { Env } from './config/env';
import type { Logger } from './logging/logger';
import { openOrm, type Orm } from './persistence/orm';
import { MikroUnitOfWork } from './persistence/unit-of-work';
import { AdjustableClock, cryptoRandom, systemClock, uuidSource } from './system/system-ports';

/**
 * Everything the web and the CLI need, built once from configuration. Loaders, actions and CLI
 * commands call use cases with `app.deps()`, which gives a fresh unit of work per call site.
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
  deps(): UseCaseDeps;
  close(): Promise<void>;
}

/** The ports a use case may ask for. Contexts add theirs as they arrive. */
export interface UseCaseDeps {
  uow: MikroUnitOfWork;
  clock: Clock;
  ids: IdSource;
  random: RandomSource;
}

export async function createApplication(options: {
  env: Env;
  logger: Logger;
  databaseUrl: string;
  sessionSecret: string;
}): Promise<Application> {
  const { env, logger } = options;
  const orm = await openOrm(options.databaseUrl);
  const testClock = env.FACT_TEST_MODE === '1' ? new AdjustableClock() : undefined;
  const clock: Clock = testClock ?? systemClock;

  return {
    env,
    logger,
    orm,
    clock,
    ids: uuidSource,
    random: cryptoRandom,
    sessionSecret: options.sessionSecret,
    testClock,
    deps: () => ({ uow: new MikroUnitOfWork(orm), clock, ids: uuidSource, random: cryptoRandom }),
    close: () => orm.close(),
  };
}
