import type { Id } from '../shared/ids';
import type { Enquiry, EnquiryMessage, EnquiryOpening, EnquiryReport } from './enquiry';

/** Port: enquiries, their messages and reports (re-validated with `parseEnquiry`/`parseEnquiryMessage`). */
export interface EnquiryRepository {
  /** Makes one client's enquiry openings run one after another until the transaction ends. */
  lockClient(clientId: Id): Promise<void>;
  findById(id: Id): Promise<Enquiry | null>;
  /** The open (not joined) enquiry of a client with a coach. */
  findOpen(clientId: Id, coachId: Id): Promise<Enquiry | null>;
  /** The enquiries the client opened since `since`, with any coach. */
  openedSince(clientId: Id, since: Date): Promise<EnquiryOpening[]>;
  add(enquiry: Enquiry): Promise<void>;
  /** Stores the message and moves the enquiry's last activity to it; other instances hear of it. */
  addMessage(message: EnquiryMessage): Promise<void>;
  /** Marks the enquiry's unread messages addressed to `readerId` read; returns how many changed. */
  markRead(enquiryId: Id, readerId: Id, at: Date): Promise<number>;
  /**
   * Joins the open enquiry of the client with the coach, if there is one, to the booking: the
   * enquiry records it and its messages take the booking's id. Returns the enquiry as joined.
   */
  joinOpen(input: { clientId: Id; coachId: Id; bookingId: Id; at: Date }): Promise<Enquiry | null>;
  hasReport(enquiryId: Id, reporterId: Id): Promise<boolean>;
  addReport(report: EnquiryReport): Promise<void>;
}
