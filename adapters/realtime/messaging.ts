import type { ConversationReader } from '../../domain/messaging/conversation-reader';
import type { EnquiryReader } from '../../domain/messaging/enquiry-reader';
import { createEnquiryReader } from '../persistence/messaging/enquiries-read-model';
import type { Logger } from '../logging/logger';
import { createConversationReader } from '../persistence/messaging/conversations';
import type { Orm } from '../persistence/orm';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGE_CHANNEL } from './message-events';
import { PgNotifier } from './pg-notifier';

/** The ports of messaging that are not repositories: its read models. */
export interface MessagingPorts {
  conversations: ConversationReader;
  /** Enquiries before a booking (decision 052). */
  enquiries: EnquiryReader;
}

export interface Messaging {
  /** This instance's LISTEN connection on the message channel (connects on first use). */
  readonly events: PgNotifier;
  /** Fresh ports for one set of use-case ports: the read model on their read fork. */
  ports(reads: () => EntityManager): MessagingPorts;
  close(): Promise<void>;
}

export function createMessaging(options: { orm: Orm; logger: Logger; databaseUrl: string }): Messaging {
  const events = new PgNotifier(options.databaseUrl, MESSAGE_CHANNEL, options.logger);
  return {
    events,
    ports: (reads) => ({ conversations: createConversationReader(reads), enquiries: createEnquiryReader(reads) }),
    close: () => events.close(),
  };
}
