import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/policy/actor';
import type { EnquiryView } from '../../domain/messaging/use-cases/view-enquiry';
import { enquiryPageView } from './enquiry-views.server';

const CLIENT = '00000000-0000-4000-8000-000000000001';
const COACH = '00000000-0000-4000-8000-000000000002';
const ADMIN = '00000000-0000-4000-8000-000000000003';

const reportedEnquiry: Extract<EnquiryView, { kind: 'open' }> = {
  kind: 'open',
  enquiry: {
    id: '00000000-0000-4000-8000-0000000000e1',
    clientId: CLIENT,
    coachId: COACH,
    client: { id: CLIENT, fullName: 'Paula Parent' },
    coach: { id: COACH, fullName: 'Carlos Mendes' },
    bookingId: null,
    reported: true,
  },
  messages: [],
  asAdmin: false,
  canReport: false,
};

const as = (userId: string, userType: Actor['userType'], role: Actor['role'] = 'user'): Actor => ({ userId, userType, role });

describe("an enquiry's page and its report", () => {
  it('tells the coach who reported it and the administrators, never the client who was reported', () => {
    expect(enquiryPageView(reportedEnquiry, as(COACH, 'coach')).reported).toBe(true);
    expect(enquiryPageView({ ...reportedEnquiry, asAdmin: true }, as(ADMIN, 'client', 'admin')).reported).toBe(true);
    expect(enquiryPageView(reportedEnquiry, as(CLIENT, 'client')).reported).toBe(false);
  });
});
