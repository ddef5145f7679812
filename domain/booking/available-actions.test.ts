import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../shared/clock';
import { unwrap } from '../shared/result';
import { availableActions } from './available-actions';
import { openDispute } from './disputes';
import { proposeReschedule } from './reschedule';
import { admin, at, authorised, client, coach, completed, confirmedAndCaptured, inSession, NOW, pendingBooking, stranger, STARTS_AT } from './testing/fixtures';

describe('the actions offered', () => {
  it('on an unpaid request: the client pays, cancels or reschedules; the coach cannot accept it', () => {
    const b = pendingBooking();
    expect(availableActions(b, client, NOW)).toEqual(['cancel', 'propose_reschedule', 'pay']);
    expect(availableActions(b, coach, NOW)).toEqual(['decline', 'propose_reschedule']);
    expect(availableActions(b, admin, NOW)).toEqual(['cancel', 'take_payment']);
    expect(availableActions(b, stranger, NOW)).toEqual([]);
  });

  it('on a paid request the client is not asked to pay again; the coach answers', () => {
    expect(availableActions(authorised(pendingBooking()), client, NOW)).toEqual(['cancel', 'propose_reschedule']);
    expect(availableActions(authorised(pendingBooking()), coach, NOW)).toEqual(['accept', 'decline', 'propose_reschedule']);
  });

  it('on a confirmed session: cancel (as coach), reschedule, and arrival from an hour before', () => {
    const b = confirmedAndCaptured();
    expect(availableActions(b, coach, NOW)).toEqual(['cancel_as_coach', 'propose_reschedule']);
    const soon = at(STARTS_AT, -30 * MINUTE_MS);
    expect(availableActions(b, client, soon)).toEqual(['cancel', 'propose_reschedule', 'mark_arrival']);
  });

  it('on a session in progress: complete and report an issue', () => {
    expect(availableActions(inSession(), client, STARTS_AT)).toEqual(['mark_completion', 'report_issue']);
  });

  it('on a completed session: report an issue only', () => {
    expect(availableActions(completed(), coach, at(STARTS_AT, DAY_MS))).toEqual(['report_issue']);
  });

  it('on a dispute: the administrator resolves', () => {
    const d = unwrap(openDispute(completed(), client, { description: 'x' }, NOW));
    expect(availableActions(d, admin, NOW)).toEqual(['resolve_dispute']);
    expect(availableActions(d, client, NOW)).toEqual([]);
  });

  it('offers the answer to a reschedule only to the other party', () => {
    const b = unwrap(proposeReschedule(confirmedAndCaptured(), client, { proposedStartsAt: at(STARTS_AT, DAY_MS) }, NOW));
    expect(availableActions(b, coach, NOW)).toContain('respond_reschedule');
    expect(availableActions(b, client, NOW)).not.toContain('respond_reschedule');
    expect(availableActions(b, client, NOW)).not.toContain('propose_reschedule');
  });
});
