import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of the manifest Vite writes beside the build (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Which built files a page's chunk or a language's catalogue needs, read from Vite's manifest, so
 * that the HTML preloads them whatever the bundler named and split them into.
 */
export interface BuildManifest {
  /** The JavaScript files the module at `source` (a path relative to apps/web, as Vite names it) loads at once, minus those index.html already loads; [] when the build has no such module. */
  chunksOf(source: string): string[];
}

const ENTRY = 'index.html';

export function readBuildManifest(dist: string): BuildManifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  // A build without a manifest (an older one) still serves its pages, without these preloads.
  const chunks: Record<string, ManifestChunk> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};

  /** A chunk and everything it imports statically, as manifest keys. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !chunks[key]) return into;
    into.add(key);
    for (const imported of chunks[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loadedByIndex = closure(ENTRY);
  const cache = new Map<string, string[]>();

  return {
    chunksOf(source) {
      let files = cache.get(source);
      if (!files) {
        files = [...closure(source)].filter((key) => !loadedByIndex.has(key)).map((key) => `/${chunks[key]!.file}`);
        cache.set(source, files);
      }
      return files;
    },
  };
}
