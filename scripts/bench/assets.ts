/**
 * JavaScript and CSS a browser downloads for each route, gzipped, from the Remix build: the
 * manifest (public/build/manifest-*.js, the one the server build names) gives each route's
 * module and its imports; a route's page needs the entry, then root, its layouts and itself.
 * CSS is the stylesheets the server build links (root's links: every page loads them).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest, type ManifestRoute } from '../browser-manifest';

export interface RouteAssets {
  route: string;
  url: string;
  jsFiles: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export function routeAssets(root: string): RouteAssets[] {
  const publicDir = path.join(root, 'public');
  const manifest = readManifest(root);
  const server = readFileSync(path.join(root, 'build', 'index.js'), 'utf8');
  const sizes = new Map<string, number>();
  const gz = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(publicDir, url)), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };
  const cssDir = path.join(publicDir, 'build', '_assets');
  const css = readdirSync(cssDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.css') && server.includes(path.basename(f)))
    .map((f) => `/build/_assets/${f}`);
  const cssBytes = css.reduce((sum, url) => sum + gz(url), 0);
  const result: RouteAssets[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === 'root' || !route.module || route.id.startsWith('routes/api.') || route.id.startsWith('routes/auth.') || route.id === 'routes/test.clock') continue;
    if (!route.path && !route.index) continue; // pathless layouts are counted with their pages
    const chain: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
    const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const r of chain) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    const url = route.index
      ? '/'
      : `/${chain
          .map((r) => r.path ?? '')
          .filter(Boolean)
          .join('/')}`;
    result.push({ route: route.id, url, jsFiles: files.size, jsGzipBytes: [...files].reduce((s, f) => s + gz(f), 0), cssGzipBytes: cssBytes });
  }
  return result.sort((a, b) => a.url.localeCompare(b.url));
}
