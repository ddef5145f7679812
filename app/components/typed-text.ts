/**
 * Part of app/components/island.tsx, fetched with an island's own code (so not in any page's
 * first JavaScript): text typed into the server's markup before an island hydrated.
 */
const NOT_TYPED_INTO = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image', 'range', 'color']);

/**
 * Text typed into the server's markup before hydration is in the boxes, but React hydrated with the
 * server's values: a controlled box's state lacks it (a disabled 'Search', a box its next render
 * empties). React reports a change only when the value differs from the one it last saw, so each
 * such box is set back to the server's value through React's own setter, given the typed text past
 * it, and sent an `input` event, as a keystroke would. The swap happens within one task: nothing
 * is painted in between.
 */
export function announceTypedText(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if ((el instanceof HTMLInputElement && NOT_TYPED_INTO.has(el.type)) || el.value === el.defaultValue) continue;
    const typed = el.value;
    const selection = el === document.activeElement && 'selectionStart' in el ? safeSelection(el) : null;
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection) el.setSelectionRange(selection[0], selection[1]);
  }
}

/** The caret of a box that has one (an email or a number box throws on reading it). */
function safeSelection(el: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? null : [el.selectionStart, el.selectionEnd];
  } catch {
    return null;
  }
}
