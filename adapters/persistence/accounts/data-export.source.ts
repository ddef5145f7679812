import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type * as z from 'zod';
import {
  exportAccountRow,
  exportAuditRow,
  exportAvailabilityRow,
  exportBookingRow,
  exportCoachProfileRow,
  exportDeletionRequestRow,
  exportPlayerRow,
  exportMessageRow,
  exportReviewRow,
  exportTransferRow,
  rowParser,
  type Bounded,
  type DataExportRows,
} from '../../../domain/accounts/data-export/data-export-rows';
import type { DataExportSource } from '../../../domain/accounts/data-export/data-export-source';
import { isId } from '../../../domain/shared/ids';
import type { Orm } from '../orm';
import { COACH_SEES_SQL } from '../read-models/booking-lists';
import { rebuild } from '../shared/stored-data';

/**
 * The rows of 'Download my data', read with SQL in ONE read-only REPEATABLE READ
 * transaction, so every section is the same instant's data. Each list is newest first with a
 * hard bound (`limit + 1` rows fetched: the extra one only says the section is truncated) and
 * runs on an index: bookings_by_client/_by_coach, coach_transfers_by_coach, messages_by_sender/
 * _by_receiver, reviews_by_reviewer/_by_reviewee, availability_by_coach, deletion_by_user,
 * audit_by_target and audit_by_actor.
 *
 * Of a booking they coach, a person gets only what the coach has been shown (decision 011): a
 * request never paid is left out of every section keyed by booking (REACHED_ME), as it is left
 * out of the dashboard, the calendar feed and Messages.
 *
 * What is never selected: password_hash and google_id (only whether they are set),
 * session_version, Stripe ids, and of any other person anything but full_name and erased_at.
 */
const ACCOUNT = `
  select u.id, u.email, u.email_verified_at as "emailVerifiedAt",
         u.password_hash is not null as "hasPassword", u.google_id is not null as "googleLinked",
         u.full_name as "fullName", u.phone, u.bio, u.avatar_url as "avatarUrl", u.location_address as "locationAddress",
         (select p.label from places p where p.id = u.home_place_id) as "homePlace",
         u.role, u.user_type as "userType", u.is_active as "isActive", u.deactivated_at as "deactivatedAt", u.erased_at as "erasedAt",
         u.preferred_coaching_types as "preferredCoachingTypes", u.preferred_session_times as "preferredSessionTimes",
         u.video_clip_1 as "videoClip1", u.video_clip_2 as "videoClip2", u.video_clip_3 as "videoClip3",
         u.email_preferences as "emailPreferences", u.created_at as "createdAt", u.updated_at as "updatedAt"
    from users u where u.id = ?`;

const COACH_PROFILE = `
  select credentials, services_offered as "servicesOffered", hourly_rate_pence as "hourlyRatePence",
         (select json_agg(json_build_object('minutes', l.minutes, 'pricePence', l.price_pence) order by l.minutes)
            from coach_session_lengths l where l.coach_id = coach_profiles.user_id) as "sessionLengths", age_groups as "ageGroups",
         service_radius_miles as "serviceRadiusMiles", (select p.label from places p where p.id = coach_profiles.base_place_id) as "basePlace",
         session_mode as "sessionMode", is_verified as "isVerified", rating, review_count as "reviewCount",
         total_sessions as "totalSessions", is_listed as "isListed", created_at as "createdAt", updated_at as "updatedAt",
         slot_step_minutes as "slotStepMinutes", buffer_before_minutes as "bufferBeforeMinutes", buffer_after_minutes as "bufferAfterMinutes",
         minimum_notice_minutes as "minimumNoticeMinutes", max_sessions_per_day as "maxSessionsPerDay",
         coalesce((select json_agg(json_build_object('weekday', h.weekday, 'start', to_char(h.start_time, 'HH24:MI'), 'end', to_char(h.end_time, 'HH24:MI'), 'location', h.location) order by h.weekday, h.start_time)
                     from coach_weekly_hours h where h.coach_id = coach_profiles.user_id), '[]'::json) as "weeklyHours"
    from coach_profiles where user_id = ?`;

const AVAILABILITY = `
  select id, starts_at as "startsAt", ends_at as "endsAt", to_char(daily_start, 'HH24:MI') as "dailyStart", to_char(daily_end, 'HH24:MI') as "dailyEnd",
         location_override as "locationOverride", notes,
         is_available as "isAvailable", created_at as "createdAt", updated_at as "updatedAt"
    from availability_periods where coach_id = ? order by starts_at desc, id desc limit ?`;

/**
 * Booking `b` is in the person's copy unless they are its coach and it never reached them: the
 * same rule as the dashboard and Messages (COACH_SEES_SQL, hasReachedCoach in the domain).
 * Params: user, user.
 */
const REACHED_ME = `(b.client_id = ? or b.coach_id <> ? or ${COACH_SEES_SQL})`;

/** Params: user (other party), user, user (client or coach), user, user (REACHED_ME), limit. */
const BOOKINGS = `
  select b.id, b.reference_code as "referenceCode", b.client_id as "clientId", b.coach_id as "coachId", b.service_type as "serviceType",
         b.starts_at as "startsAt", b.ends_at as "endsAt", b.duration_minutes as "durationMinutes",
         b.location_type as "locationType", b.location_address as "locationAddress", b.location_notes as "locationNotes",
         b.client_notes as "clientNotes", b.service_price_pence as "servicePricePence", b.admin_fee_pence as "adminFeePence",
         b.total_price_pence as "totalPricePence", b.status, b.declined, b.cancellation_reason as "cancellationReason",
         b.cancelled_by as "cancelledBy", b.cancelled_at as "cancelledAt",
         b.reschedule_requested_by::text as "rescheduleRequestedBy", b.reschedule_status as "rescheduleStatus",
         b.reschedule_proposed_starts_at as "rescheduleProposedStartsAt", b.reschedule_reason as "rescheduleReason",
         b.session_started_at as "sessionStartedAt", b.client_arrived_at as "clientArrivedAt", b.coach_arrived_at as "coachArrivedAt",
         b.client_completed_at as "clientCompletedAt", b.coach_completed_at as "coachCompletedAt",
         b.early_completion_reason as "earlyCompletionReason", b.completed_at as "completedAt",
         b.dispute_status as "disputeStatus", b.dispute_reason as "disputeReason", b.dispute_opened_by::text as "disputeOpenedBy",
         b.dispute_opened_at as "disputeOpenedAt", b.dispute_outcome as "disputeOutcome", b.dispute_refund_pence as "disputeRefundPence",
         b.dispute_resolution_note as "disputeResolutionNote", b.dispute_resolved_at as "disputeResolvedAt",
         b.payment_status as "paymentStatus", b.amount_authorized_pence as "amountAuthorizedPence",
         b.amount_captured_pence as "amountCapturedPence", b.amount_refunded_pence as "amountRefundedPence",
         b.payment_held_until as "paymentHeldUntil", b.payment_released_at as "paymentReleasedAt",
         b.created_at as "createdAt", b.updated_at as "updatedAt",
         o.full_name as "otherName", o.erased_at is not null as "otherErased"
    from bookings b
    join users o on o.id = case when b.client_id = ? then b.coach_id else b.client_id end
   where (b.client_id = ? or b.coach_id = ?) and ${REACHED_ME}
   order by b.starts_at desc, b.id desc limit ?`;

/** Params: user, user, user (REACHED_ME), limit. */
const TRANSFERS = `
  select t.booking_id as "bookingId", b.reference_code as "referenceCode", t.coach_share_pence as "coachSharePence",
         t.platform_share_pence as "platformSharePence", t.commission_bps as "commissionBps", t.status,
         t.reversed_pence as "reversedPence", t.released_at as "releasedAt", t.transferred_at as "transferredAt", t.paid_out_at as "paidOutAt"
    from coach_transfers t join bookings b on b.id = t.booking_id
   where t.coach_id = ? and ${REACHED_ME} order by t.released_at desc, t.booking_id desc limit ?`;

/**
 * Params: user (other party), user, user, user, user (REACHED_ME), limit. A message of an
 * enquiry no booking followed (decision 052) has no booking: its reference is 'Enquiry'.
 */
const MESSAGES = `
  select m.id, coalesce(b.reference_code, 'Enquiry') as "referenceCode", m.sender_id as "senderId", m.receiver_id as "receiverId", m.content,
         m.read_at as "readAt", m.created_at as "createdAt", o.id = coalesce(b.client_id, e.client_id) as "otherIsClient",
         o.full_name as "otherName", o.erased_at is not null as "otherErased"
    from messages m
    left join bookings b on b.id = m.booking_id
    left join enquiries e on e.id = m.enquiry_id
    join users o on o.id = case when m.sender_id = ? then m.receiver_id else m.sender_id end
   where (m.sender_id = ? or m.receiver_id = ?) and (m.booking_id is null or ${REACHED_ME})
   order by m.created_at desc, m.id desc limit ?`;

/** `mine` is the person's column, `other` the other party's. Params: user, user, user (REACHED_ME), limit. */
const reviews = (mine: 'reviewer_id' | 'reviewee_id', other: 'reviewer_id' | 'reviewee_id') => `
  select r.id, b.reference_code as "referenceCode", r.reviewer_type as "reviewerType", r.rating, r.comment, r.created_at as "createdAt",
         o.full_name as "otherName", o.erased_at is not null as "otherErased"
    from reviews r
    join bookings b on b.id = r.booking_id
    join users o on o.id = r.${other}
   where r.${mine} = ? and ${REACHED_ME} order by r.created_at desc, r.id desc limit ?`;

const PLAYERS = `
  select id, first_name as "firstName", last_name as "lastName", to_char(date_of_birth, 'YYYY-MM-DD') as "dateOfBirth", notes,
         guardian_consent_at as "guardianConsentAt", removed_at as "removedAt", created_at as "createdAt"
    from players where guardian_id = ? order by created_at desc, id desc limit ?`;

const DELETION_REQUESTS = `
  select id, reason, status, requested_at as "requestedAt", decided_at as "decidedAt", decision_reason as "decisionReason"
    from account_deletion_requests where user_id = ? order by requested_at desc, id desc limit ?`;

const AUDIT_COLUMNS = `a.id, a.action, a.target_type as "targetType", a.target_id as "targetId", a.details->>'via' as via,
         coalesce(a.actor_id = ?, false) as "bySelf", a.created_at as "createdAt"`;

/** Params: user (bySelf), user (target), user (their deletion requests), limit. */
const AUDIT_ABOUT = `
  select ${AUDIT_COLUMNS} from audit_log a
   where (a.target_type = 'user' and a.target_id = ?)
      or (a.target_type = 'deletion_request' and a.target_id in (select d.id::text from account_deletion_requests d where d.user_id = ?))
   order by a.created_at desc, a.id desc limit ?`;

/** Params: user (bySelf), user (actor), limit. */
const AUDIT_BY = `select ${AUDIT_COLUMNS} from audit_log a where a.actor_id = ? order by a.created_at desc, a.id desc limit ?`;

export function createDataExportSource(orm: Orm): DataExportSource {
  return {
    async gather(userId, limits) {
      if (!isId(userId)) return null;
      return (orm.em.fork() as EntityManager).transactional(
        async (txEm) => {
          const em = txEm;
          const one = async <T>(sql: string, schema: z.ZodType<T>, table: string): Promise<T | null> => {
            const [row] = await em.execute<Record<string, unknown>[]>(sql, [userId]);
            return row ? rebuild(table, rowParser(schema, table), row) : null;
          };
          const list = async <T>(sql: string, params: unknown[], limit: number, schema: z.ZodType<T>, table: string): Promise<Bounded<T>> => {
            const rows = await em.execute<Record<string, unknown>[]>(sql, [...params, limit + 1]);
            const parse = rowParser(schema, table);
            return { rows: rows.slice(0, limit).map((row) => rebuild(table, parse, row)), truncated: rows.length > limit };
          };

          const account = await one(ACCOUNT, exportAccountRow, 'users');
          if (!account) return null;
          const me = [userId];
          const reachedMe = [userId, userId];
          const rows: DataExportRows = {
            account,
            coachProfile: await one(COACH_PROFILE, exportCoachProfileRow, 'coach_profiles'),
            availability: await list(AVAILABILITY, me, limits.availability, exportAvailabilityRow, 'availability_periods'),
            bookings: await list(BOOKINGS, [userId, userId, userId, ...reachedMe], limits.bookings, exportBookingRow, 'bookings'),
            transfers: await list(TRANSFERS, [userId, ...reachedMe], limits.transfers, exportTransferRow, 'coach_transfers'),
            messages: await list(MESSAGES, [userId, userId, userId, ...reachedMe], limits.messages, exportMessageRow, 'messages'),
            reviewsGiven: await list(reviews('reviewer_id', 'reviewee_id'), [userId, ...reachedMe], limits.reviewsGiven, exportReviewRow, 'reviews'),
            reviewsReceived: await list(reviews('reviewee_id', 'reviewer_id'), [userId, ...reachedMe], limits.reviewsReceived, exportReviewRow, 'reviews'),
            deletionRequests: await list(DELETION_REQUESTS, me, limits.deletionRequests, exportDeletionRequestRow, 'account_deletion_requests'),
            auditAboutUser: await list(AUDIT_ABOUT, [userId, userId, userId], limits.auditAboutUser, exportAuditRow, 'audit_log'),
            auditByUser: account.role === 'admin' ? await list(AUDIT_BY, [userId, userId], limits.auditByUser, exportAuditRow, 'audit_log') : null,
            // Players of a guardian's account (decision 017); coaches have none, so no statement.
            players: account.userType === 'coach' ? { rows: [], truncated: false } : await list(PLAYERS, me, limits.players, exportPlayerRow, 'players'),
          };
          return rows;
        },
        { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
      );
    },
  };
}
