import { useCallback, useEffect, useState } from 'react';

/** SPEC §9 shell constants. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_SHORTCUT = 'b';

/** The desktop state from the Cookie header ('false' = collapsed to icons); expanded by default. */
export function sidebarOpenFromCookie(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? '');
  return match?.[1] !== 'false';
}

function isMobile(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`).matches;
}

/**
 * The sidebar's two states: expanded or icons on desktop (kept in a cookie for 7 days), and
 * the off-canvas sheet below 768 px. Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebarState(initialOpen: boolean) {
  const [open, setOpenState] = useState(initialOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (isMobile()) setOpenMobile((v) => !v);
    else setOpen(!open);
  }, [open, setOpen]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = () => query.matches && setOpenMobile(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return { open, setOpen, openMobile, setOpenMobile, toggle };
}
