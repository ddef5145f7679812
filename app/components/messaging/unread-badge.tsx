import { useEffect, useState } from 'react';

/**
 * The signed-in user's unread message total, kept live (server-sent events, or polling when they
 * are unavailable); null until anything is known. The live-events client is fetched after
 * hydration, not with every signed-in page (the shell only uses it in an effect);
 * Messages and Conversation import it with the page (messaging/use-live.ts).
 */
function useUnreadCount(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let mounted = true;
    let stop: (() => void) | null = null;
    void import('../../messaging/live-events').then(({ lastUnreadCount, subscribeLive }) => {
      if (!mounted) return;
      const known = lastUnreadCount();
      if (known !== null) setCount(known);
      stop = subscribeLive((event) => {
        if (event.type === 'unread') setCount(event.count);
      });
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, []);
  return count;
}

/**
 * The unread-message count beside Messages in the menu, kept live by server-sent events (or
 * polling). Renders nothing while the count is unknown or zero. `collapsed`: a dot on the icon.
 */
export function UnreadBadge({ collapsed = false, testId = 'menu-unread-count' }: { collapsed?: boolean; testId?: string }) {
  const count = useUnreadCount();
  if (!count) return null;
  const text = count > 99 ? '99+' : String(count);
  if (collapsed) {
    return (
      <span className="absolute right-1 top-1 h-2.5 w-2.5 rounded-full bg-pitch-600 ring-2 ring-white" data-testid={testId}>
        <span className="sr-only">{count} unread messages</span>
      </span>
    );
  }
  return (
    <span className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-pitch-600 px-1.5 text-xs font-bold text-white" data-testid={testId} aria-label={`${count} unread messages`}>
      {text}
    </span>
  );
}
