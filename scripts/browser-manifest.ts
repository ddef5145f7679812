/**
 * Remix's browser manifest for a build: public/build/manifest-<hash>.js, the one the server build
 * (build/index.js) names. It gives the entry's files and each route's module and imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasLoader?: boolean;
}

export interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

export function readManifest(root: string): Manifest {
  const server = readFileSync(path.join(root, 'build', 'index.js'), 'utf8');
  const name = /manifest-[A-Z0-9]+\.js/.exec(server)?.[0];
  if (!name) throw new Error(`no browser manifest named in ${path.join(root, 'build', 'index.js')}: run the build`);
  const text = readFileSync(path.join(root, 'public', 'build', name), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Manifest;
}
