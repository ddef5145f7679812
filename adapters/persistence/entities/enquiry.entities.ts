import { EntitySchema } from '@mikro-orm/core';
import { instant, instantNull, text, uuid, uuidNull, uuidPk } from './columns';

/** enquiries (decision 052): a client's conversation with a coach before a booking. */
export interface EnquiryRecord {
  id: string;
  clientId: string;
  coachId: string;
  bookingId: string | null;
  createdAt: Date;
  lastMessageAt: Date;
  joinedAt: Date | null;
}
export const EnquiryEntity = new EntitySchema<EnquiryRecord>({
  name: 'Enquiry',
  tableName: 'enquiries',
  properties: {
    id: uuidPk,
    clientId: uuid,
    coachId: uuid,
    bookingId: uuidNull,
    createdAt: instant,
    lastMessageAt: instant,
    joinedAt: instantNull,
  },
});

/** enquiry_reports: a coach's 'Report to FACT' of an enquiry. */
export interface EnquiryReportRecord {
  id: string;
  enquiryId: string;
  reporterId: string;
  reason: string;
  createdAt: Date;
}
export const EnquiryReportEntity = new EntitySchema<EnquiryReportRecord>({
  name: 'EnquiryReport',
  tableName: 'enquiry_reports',
  properties: {
    id: uuidPk,
    enquiryId: uuid,
    reporterId: uuid,
    reason: text,
    createdAt: instant,
  },
});
