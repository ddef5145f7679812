export type RegisterType = 'user' | 'coach';

/** SPEC §2 Register: the toggle 'I'm looking for a coach' / 'I'm a coach'. */
export function UserTypeToggle({ value, onChange }: { value: RegisterType; onChange: (value: RegisterType) => void }) {
  const options: { value: RegisterType; label: string; text: string }[] = [
    { value: 'user', label: "I'm looking for a coach", text: 'Find and book one-to-one sessions.' },
    { value: 'coach', label: "I'm a coach", text: 'Publish your profile and take bookings.' },
  ];
  return (
    <div role="group" aria-label="Account type" className="grid gap-3 sm:grid-cols-2">
      {options.map((option) => {
        const active = value === option.value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(option.value)}
            className={`rounded-xl border-2 px-4 py-3 text-left transition-colors ${active ? 'border-pitch-600 bg-pitch-50' : 'border-slate-200 bg-white hover:border-slate-300'}`}
          >
            <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
            <span className="mt-0.5 block text-xs text-slate-600">{option.text}</span>
          </button>
        );
      })}
    </div>
  );
}
