import { boot, type Booted } from '../adapters/boot';
import { loadEnv } from '../adapters/config/env';
import { createLogger } from '../adapters/logging/logger';

/** Runs a command body with the application booted (quiet logs) and always shuts it down. */
export async function withApp<T>(body: (booted: Booted) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const env = loadEnv();
  const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', pretty: false });
  const booted = await boot({ migrate: options.migrate ?? false, env, logger });
  try {
    return await body(booted);
  } finally {
    await booted.shutdown();
  }
}
