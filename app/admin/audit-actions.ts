/**
 * What each audit action says, as the audit page and DataDiagnostic write it ('Ada resolved
 * dispute on booking FACT-…'). An action not listed here is shown by its code.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'user.remove': 'removed user',
  'user.restore': 'restored user',
  'user.export': 'exported the data of user',
  'coach.verify': 'verified coach',
  'coach.unverify': 'removed the verification of coach',
  'deletion_request.approve': 'approved deletion request',
  'deletion_request.reject': 'rejected deletion request',
  'dispute.resolve': 'resolved dispute on booking',
  'booking.cancel': 'cancelled booking',
  'booking.take_payment': 'took payment on booking',
  'payout.retry': 'retried the payout of booking',
  'admin.create': 'created administrator',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
