/** The alert at the top of a form (SPEC §5: the first validation message is shown in an alert). */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' }) {
  if (!message) return null;
  const style = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-pitch-200 bg-pitch-50 text-pitch-900';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${style}`}>
      {message}
    </div>
  );
}
