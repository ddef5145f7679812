import { describe, expect, it } from 'vitest';
import { useHttpApp } from '../../support/http-app';

/** Issue 46: the gazetteer is GeoNames data (CC BY 4.0), so the Terms page credits it and links the licence. */
const http = useHttpApp();

describe('the Terms page', () => {
  it('credits GeoNames for the place data under CC BY 4.0, with links to both', async () => {
    const res = await fetch(`${http.baseUrl}/Terms`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2 id="place-data">Place data</h2>');
    expect(html).toMatch(/<a href="https:\/\/www\.geonames\.org\/"[^>]*>GeoNames<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/"[^>]*rel="license"[^>]*>Creative Commons Attribution 4\.0 \(CC BY 4\.0\)<\/a>/);
  });
});
