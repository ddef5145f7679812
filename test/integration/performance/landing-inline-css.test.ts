import { describe, expect, it } from 'vitest';
import { useHttpApp } from '../../support/http-app';

/**
 * The landing LCP budget: a first visit to the landing page gets the stylesheet inside the
 * document (one round trip fewer on a slow network); every other page links the cached file.
 */
const http = useHttpApp();
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/build\/_assets\/tailwind-[^"]+\.css"\/>/;

describe('the stylesheet', () => {
  it('is inlined in the landing page, with no stylesheet link to wait for', async () => {
    for (const path of ['/', '/Landing']) {
      const html = await (await fetch(`${http.baseUrl}${path}`)).text();
      expect(html, path).toMatch(/<style id="inline-css">[^<]*\.bg-pitch-600\{/);
      expect(html, path).not.toMatch(STYLESHEET_LINK);
    }
  });

  it('is linked, not inlined, on the other pages', async () => {
    for (const path of ['/Register', '/Terms']) {
      const html = await (await fetch(`${http.baseUrl}${path}`)).text();
      expect(html, path).toMatch(STYLESHEET_LINK);
      expect(html, path).not.toContain('id="inline-css"');
    }
  });
});
