import type { Actor } from '../../policy/actor';
import type { Clock } from '../../shared/clock';
import type { IdSource } from '../../shared/ids';
import { err, ok, type Result } from '../../shared/result';
import type { UnitOfWork } from '../../unit-of-work';
import { parseForm } from '../../validation/parse-form';
import { enquiryErrors, reportEnquiry, type EnquiryReport } from '../enquiry';
import { enquiryReportSchema } from '../enquiry.schemas';

/**
 * 'Report to FACT': the coach of an enquiry tells the administrators about it, with a reason,
 * once. Nobody else may; someone who may not see the enquiry learns nothing of it.
 */
export async function reportEnquiryToFact(deps: { uow: UnitOfWork; clock: Clock; ids: IdSource }, input: { actor: Actor; form: unknown }): Promise<Result<EnquiryReport>> {
  const parsed = parseForm(enquiryReportSchema, input.form);
  if (!parsed.ok) return err(enquiryErrors.notFound());
  const now = deps.clock.now();
  return deps.uow.transaction(async (tx) => {
    const enquiry = await tx.enquiries.findById(parsed.value.enquiryId);
    if (!enquiry) return err(enquiryErrors.notFound());
    const alreadyReported = await tx.enquiries.hasReport(enquiry.id, input.actor.userId);
    const report = reportEnquiry({ id: deps.ids.newId(), enquiry, actor: input.actor, reason: parsed.value.reason, alreadyReported }, now);
    if (!report.ok) return report;
    await tx.enquiries.addReport(report.value);
    return ok(report.value);
  });
}
