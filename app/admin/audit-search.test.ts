import { describe, expect, it } from 'vitest';
import { AUDIT_SEARCH_MESSAGES, auditSearchQuery, parseAuditSearch } from './audit-search';

const parse = (query: string) => parseAuditSearch(new URLSearchParams(query));
const ID = '0b6f3c1e-9d2a-4c1b-8e7f-5a4b3c2d1e0f';

describe('parseAuditSearch', () => {
  it('reads no filter as every entry', () => {
    expect(parse('')).toMatchObject({ ok: true, filter: { actorId: null, action: null, target: null, loggedFrom: null, loggedBefore: null } });
  });

  it('takes a booking reference in any case, an email, or a record id as the target', () => {
    expect(parse('target=fact-20261201-ab12')).toMatchObject({ ok: true, filter: { target: { reference: 'FACT-20261201-AB12' } } });
    expect(parse('target=Jamie.Carter@Example.test')).toMatchObject({ ok: true, filter: { target: { email: 'jamie.carter@example.test' } } });
    expect(parse(`target=${ID.toUpperCase()}`)).toMatchObject({ ok: true, filter: { target: { id: ID } } });
  });

  it('takes an administrator, an action and London dates', () => {
    const search = parse(`actor=${ID}&action=dispute.resolve&from=2026-07-01&to=2026-07-31`);
    expect(search).toMatchObject({ ok: true, filter: { actorId: ID, action: 'dispute.resolve' } });
    expect(search.ok && [search.filter.loggedFrom?.toISOString(), search.filter.loggedBefore?.toISOString()]).toEqual(['2026-06-30T23:00:00.000Z', '2026-07-31T23:00:00.000Z']);
  });

  it('refuses each bad filter with its own message, keeping what was typed', () => {
    const search = parse('actor=ada&action=DROP TABLE&target=jamie&from=2026-12-02&to=2026-12-01');
    expect(search).toMatchObject({
      ok: false,
      values: { actor: 'ada', target: 'jamie' },
      errors: { actor: AUDIT_SEARCH_MESSAGES.actor, action: AUDIT_SEARCH_MESSAGES.action, target: AUDIT_SEARCH_MESSAGES.target, to: AUDIT_SEARCH_MESSAGES.order },
    });
  });
});

describe('auditSearchQuery', () => {
  it('writes only the filters given', () => {
    expect(auditSearchQuery({ action: 'user.remove', target: '', from: '2026-01-01' })).toBe('action=user.remove&from=2026-01-01');
  });
});
