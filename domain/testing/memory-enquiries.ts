import type { Enquiry, EnquiryMessage, EnquiryReport } from '../messaging/enquiry';
import type { EnquiryRepository } from '../messaging/enquiry.repository';
import type { Message } from '../messaging/message';
import type { Id } from '../shared/ids';

/** The enquiry tables of the in-memory store (part of MemoryData). */
export interface MemoryEnquiryData {
  enquiries: Map<Id, Enquiry>;
  enquiryMessages: Map<Id, EnquiryMessage>;
  enquiryReports: Map<Id, EnquiryReport>;
  messages: Map<Id, Message>;
}

/** The enquiry repository over memory: joining copies the messages into the booking's conversation. */
export function memoryEnquiries(data: MemoryEnquiryData): EnquiryRepository {
  const findOpen = (clientId: Id, coachId: Id) => [...data.enquiries.values()].find((e) => e.clientId === clientId && e.coachId === coachId && e.joinedAt === null) ?? null;
  return {
    lockClient: async () => undefined,
    findById: async (id) => data.enquiries.get(id) ?? null,
    findOpen: async (clientId, coachId) => findOpen(clientId, coachId),
    openedSince: async (clientId, since) => [...data.enquiries.values()].filter((e) => e.clientId === clientId && e.createdAt > since).map((e) => ({ coachId: e.coachId, at: e.createdAt })),
    add: async (enquiry) => {
      if (findOpen(enquiry.clientId, enquiry.coachId)) throw new Error('enquiries_open_per_pair');
      data.enquiries.set(enquiry.id, enquiry);
    },
    addMessage: async (message) => {
      data.enquiryMessages.set(message.id, message);
      const enquiry = data.enquiries.get(message.enquiryId);
      if (enquiry) data.enquiries.set(enquiry.id, { ...enquiry, lastMessageAt: message.createdAt });
    },
    markRead: async (enquiryId, readerId, at) => {
      let changed = 0;
      for (const m of data.enquiryMessages.values())
        if (m.enquiryId === enquiryId && m.receiverId === readerId && !m.isRead) {
          data.enquiryMessages.set(m.id, { ...m, isRead: true, readAt: at });
          changed += 1;
        }
      return changed;
    },
    joinOpen: async ({ clientId, coachId, bookingId, at }) => {
      const open = findOpen(clientId, coachId);
      if (!open) return null;
      const joined = { ...open, bookingId, joinedAt: at };
      data.enquiries.set(open.id, joined);
      for (const m of data.enquiryMessages.values()) {
        if (m.enquiryId !== open.id) continue;
        const { enquiryId: _from, ...rest } = m;
        data.messages.set(m.id, { ...rest, bookingId });
      }
      return joined;
    },
    hasReport: async (enquiryId, reporterId) => [...data.enquiryReports.values()].some((r) => r.enquiryId === enquiryId && r.reporterId === reporterId),
    addReport: async (report) => {
      data.enquiryReports.set(report.id, report);
    },
  };
}
