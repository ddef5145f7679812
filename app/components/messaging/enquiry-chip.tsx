/** The label of a conversation that is an enquiry before any booking (decision 052). */
export function EnquiryChip() {
  return <span className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Enquiry</span>;
}
