import { describe, expect, it } from 'vitest';
import { onlyDialogChanged, withoutDialog } from './dialog-param';

const at = (path: string) => new URL(path, 'http://fact.test');

describe("a coach profile's dialog in its address", () => {
  it('is taken out of the address when the dialog closes, the rest kept', () => {
    expect(withoutDialog(new URLSearchParams('userId=c1&open=book&for=p1')).toString()).toBe('userId=c1&for=p1');
  });

  it('opening or closing it is no reason to load the page again', () => {
    expect(onlyDialogChanged({ currentUrl: at('/CoachProfile?userId=c1&open=book'), nextUrl: at('/CoachProfile?userId=c1'), formMethod: undefined })).toBe(true);
    expect(onlyDialogChanged({ currentUrl: at('/CoachProfile?userId=c1'), nextUrl: at('/CoachProfile?userId=c1&open=enquiry'), formMethod: undefined })).toBe(true);
  });

  it('another coach, another page or a form sent by post loads the page again', () => {
    expect(onlyDialogChanged({ currentUrl: at('/CoachProfile?userId=c1&open=book'), nextUrl: at('/CoachProfile?userId=c2'), formMethod: undefined })).toBe(false);
    expect(onlyDialogChanged({ currentUrl: at('/CoachProfile?userId=c1&open=book'), nextUrl: at('/FindCoaches'), formMethod: undefined })).toBe(false);
    expect(onlyDialogChanged({ currentUrl: at('/CoachProfile?userId=c1&open=book'), nextUrl: at('/CoachProfile?userId=c1'), formMethod: 'POST' })).toBe(false);
  });
});
