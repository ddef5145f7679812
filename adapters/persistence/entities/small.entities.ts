import { EntitySchema } from '@mikro-orm/core';
import { bool, instant, instantNull, int, jsonb, text, textNull, uuid, uuidNull, uuidPk, versionColumn } from './columns';

export interface AvailabilityPeriodRecord {
  id: string;
  coachId: string;
  startsAt: Date;
  endsAt: Date;
  dailyStart: string | null;
  dailyEnd: string | null;
  locationOverride: string | null;
  notes: string | null;
  isAvailable: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export const AvailabilityPeriodEntity = new EntitySchema<AvailabilityPeriodRecord>({
  name: 'AvailabilityPeriod',
  tableName: 'availability_periods',
  properties: {
    id: uuidPk,
    coachId: uuid,
    startsAt: instant,
    endsAt: instant,
    dailyStart: { type: 'time', nullable: true },
    dailyEnd: { type: 'time', nullable: true },
    locationOverride: textNull,
    notes: textNull,
    isAvailable: bool,
    createdAt: instant,
    updatedAt: instant,
  },
});

export interface MessageRecord {
  id: string;
  bookingId: string;
  senderId: string;
  receiverId: string;
  content: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}
export const MessageEntity = new EntitySchema<MessageRecord>({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: uuidPk,
    bookingId: uuid,
    senderId: uuid,
    receiverId: uuid,
    content: text,
    isRead: bool,
    readAt: instantNull,
    createdAt: instant,
  },
});

export interface ReviewRecord {
  id: string;
  bookingId: string;
  coachId: string;
  reviewerId: string;
  revieweeId: string;
  reviewerType: string;
  rating: number;
  comment: string | null;
  createdAt: Date;
}
export const ReviewEntity = new EntitySchema<ReviewRecord>({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: uuidPk,
    bookingId: uuid,
    coachId: uuid,
    reviewerId: uuid,
    revieweeId: uuid,
    reviewerType: text,
    rating: { type: 'integer', columnType: 'smallint' },
    comment: textNull,
    createdAt: instant,
  },
});

export interface DeletionRequestRecord {
  id: string;
  userId: string;
  reason: string | null;
  status: string;
  requestedAt: Date;
  decidedAt: Date | null;
  decisionReason: string | null;
  adminId: string | null;
  version: number;
}
export const DeletionRequestEntity = new EntitySchema<DeletionRequestRecord>({
  name: 'AccountDeletionRequest',
  tableName: 'account_deletion_requests',
  properties: {
    id: uuidPk,
    userId: uuid,
    reason: textNull,
    status: text,
    requestedAt: instant,
    decidedAt: instantNull,
    decisionReason: textNull,
    adminId: uuidNull,
    version: versionColumn,
  },
});

export interface OutboxJobRecord {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  status: string;
  attempts: number;
  maxAttempts: number;
  runAfter: Date;
  lockedAt: Date | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: Date;
  doneAt: Date | null;
}
export const OutboxJobEntity = new EntitySchema<OutboxJobRecord>({
  name: 'OutboxJob',
  tableName: 'outbox_jobs',
  properties: {
    id: uuidPk,
    type: text,
    payload: jsonb,
    dedupeKey: textNull,
    status: text,
    attempts: int,
    maxAttempts: int,
    runAfter: instant,
    lockedAt: instantNull,
    lockedBy: textNull,
    lastError: textNull,
    createdAt: instant,
    doneAt: instantNull,
  },
});

export interface AuditLogRecord {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}
export const AuditLogEntity = new EntitySchema<AuditLogRecord>({
  name: 'AuditLog',
  tableName: 'audit_log',
  properties: {
    id: uuidPk,
    actorId: uuidNull,
    action: text,
    targetType: text,
    targetId: textNull,
    details: jsonb,
    createdAt: instant,
  },
});

export interface RateLimitCounterRecord {
  key: string;
  windowStartedAt: Date;
  hits: number;
  expiresAt: Date;
}
export const RateLimitCounterEntity = new EntitySchema<RateLimitCounterRecord>({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  properties: {
    key: { type: 'text', primary: true },
    windowStartedAt: instant,
    hits: int,
    expiresAt: instant,
  },
});

export interface WebhookEventRecord {
  eventId: string;
  type: string;
  receivedAt: Date;
  processedAt: Date | null;
}
export const WebhookEventEntity = new EntitySchema<WebhookEventRecord>({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    eventId: { type: 'text', primary: true },
    type: text,
    receivedAt: instant,
    processedAt: instantNull,
  },
});
