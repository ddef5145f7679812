import type { ReactNode } from 'react';

/**
 * The ways to reach the coach from their profile, side by side in the profile's heading: Book,
 * and beside it any other (a question before booking). Each action is its own component.
 */
export function ProfileActions({ children }: { children: ReactNode }) {
  return (
    <div role="group" aria-label="Contact this coach" className="flex w-full flex-col gap-2 sm:w-auto sm:min-w-40">
      {children}
    </div>
  );
}
