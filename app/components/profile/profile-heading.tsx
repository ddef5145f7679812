import type { ReactNode } from 'react';
import { Avatar } from './avatar';

/** The top of a profile page: photo (with the upload control for the owner), name, chips. */
export function ProfileHeading({ title, name, avatarUrl, chips, children }: { title: string; name: string; avatarUrl: string | null; chips: readonly string[]; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6">
      <Avatar name={name} url={avatarUrl} />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 truncate text-lg text-slate-700">{name}</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <span key={chip} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {chip}
            </span>
          ))}
        </div>
      </div>
      {children}
    </header>
  );
}
