import pg from 'pg';
import type { Logger } from '../logging/logger';

export type NotificationListener = (payload: string | undefined) => void;
/** Called after the connection was lost and is back: notifications may have been missed. */
export type ResyncListener = () => void;

/**
 * One dedicated PostgreSQL connection per app instance that LISTENs on a channel and fans every
 * notification out to the subscribers in this process (the server-sent-event streams). It
 * connects on the first subscription, reconnects with back-off when the connection drops, and
 * tells subscribers to resynchronise after a reconnect.
 */
export class PgNotifier {
  #client: pg.Client | null = null;
  #connecting: Promise<void> | null = null;
  #listeners = new Set<NotificationListener>();
  #resyncListeners = new Set<ResyncListener>();
  #closed = false;
  #retryMs = 250;
  #everConnected = false;
  #retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly logger: Logger,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.#client !== null;
  }

  subscribe(listener: NotificationListener, onResync?: ResyncListener): () => void {
    this.#listeners.add(listener);
    if (onResync) this.#resyncListeners.add(onResync);
    void this.ready().catch(() => {});
    return () => {
      this.#listeners.delete(listener);
      if (onResync) this.#resyncListeners.delete(onResync);
    };
  }

  /** Resolves once LISTEN is active (connecting if needed). */
  ready(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('notifier closed'));
    if (this.#client) return Promise.resolve();
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#listeners.clear();
    this.#resyncListeners.clear();
    const client = this.#client;
    this.#client = null;
    await this.#connecting?.catch(() => {});
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, application_name: 'fact-realtime' });
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      for (const listener of this.#listeners) {
        try {
          listener(message.payload);
        } catch (error) {
          this.logger.error({ err: error }, 'realtime listener failed');
        }
      }
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.#scheduleRetry();
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#retryMs = 250;
    if (this.#everConnected) for (const resync of this.#resyncListeners) resync();
    this.#everConnected = true;
    this.logger.debug({ channel: this.channel }, 'realtime listening');
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (this.#client !== client) return;
    this.#client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    if (this.#closed) return;
    this.logger.warn({ err: error ?? undefined, channel: this.channel }, 'realtime connection lost; reconnecting');
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retryTimer || this.#listeners.size === 0) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, 5_000);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      void this.ready().catch(() => {});
    }, delay);
    this.#retryTimer.unref();
  }
}
