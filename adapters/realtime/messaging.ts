import type { ConversationReader } from '../../domain/messaging/conversation-reader';
import type { Logger } from '../logging/logger';
import { createConversationReader } from '../persistence/messaging/conversations';
import { lazyFork } from '../persistence/lazy-fork';
import type { Orm } from '../persistence/orm';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGE_CHANNEL } from './message-events';
import { PgNotifier } from './pg-notifier';

/** The ports of messaging that are not repositories: its read model. */
export interface MessagingPorts {
  conversations: ConversationReader;
}

export interface Messaging {
  /** This instance's LISTEN connection on the message channel (connects on first use). */
  readonly events: PgNotifier;
  /** Fresh ports for one use-case call: the read model on the caller's reads, or on its own fork. */
  ports(reads?: () => EntityManager): MessagingPorts;
  close(): Promise<void>;
}

export function createMessaging(options: { orm: Orm; logger: Logger; databaseUrl: string }): Messaging {
  const events = new PgNotifier(options.databaseUrl, MESSAGE_CHANNEL, options.logger);
  return {
    events,
    ports: (reads = lazyFork(options.orm)) => ({ conversations: createConversationReader(reads) }),
    close: () => events.close(),
  };
}
