import type { ConversationReader } from '../../domain/messaging/conversation-reader';
import type { Logger } from '../logging/logger';
import { createConversationReader } from '../persistence/messaging/conversations';
import { lazyFork } from '../persistence/lazy-fork';
import type { Orm } from '../persistence/orm';
import { MESSAGE_CHANNEL } from './message-events';
import { PgNotifier } from './pg-notifier';

/** The ports of messaging that are not repositories: its read model. */
export interface MessagingPorts {
  conversations: ConversationReader;
}

export interface Messaging {
  /** This instance's LISTEN connection on the message channel (connects on first use). */
  readonly events: PgNotifier;
  /** Fresh ports for one use-case call (the read model on its own EntityManager fork). */
  ports(): MessagingPorts;
  close(): Promise<void>;
}

export function createMessaging(options: { orm: Orm; logger: Logger; databaseUrl: string }): Messaging {
  const events = new PgNotifier(options.databaseUrl, MESSAGE_CHANNEL, options.logger);
  return {
    events,
    ports: () => ({ conversations: createConversationReader(lazyFork(options.orm)) }),
    close: () => events.close(),
  };
}
