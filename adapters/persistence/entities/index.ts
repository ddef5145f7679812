import { BookingEntity } from './booking.entity';
import { CoachProfileEntity } from './coach-profile.entity';
import { AuditLogEntity, AvailabilityPeriodEntity, DeletionRequestEntity, MessageEntity, OutboxJobEntity, RateLimitCounterEntity, ReviewEntity, WebhookEventEntity } from './small.entities';
import { UserEntity } from './user.entity';
import { EnquiryEntity, EnquiryReportEntity } from './enquiry.entities';

export * from './booking.entity';
export * from './coach-profile.entity';
export * from './small.entities';
export * from './user.entity';
export * from './enquiry.entities';

/** The explicit entity list (no discovery by folder scanning). */
export const entities = [
  UserEntity,
  CoachProfileEntity,
  BookingEntity,
  AvailabilityPeriodEntity,
  MessageEntity,
  ReviewEntity,
  DeletionRequestEntity,
  OutboxJobEntity,
  AuditLogEntity,
  RateLimitCounterEntity,
  WebhookEventEntity,
  EnquiryEntity,
  EnquiryReportEntity,
];
