/**
 * Seed images follow the build (issue 28's seed images, found by the redeploy test). A seed entry's
 * image is a file the remote ships, named by the address the page uses, content hash included
 * ("/mfe/map/assets/boreal-fireguard.07f5c44d26.svg"); the API keeps that address in the
 * published entry. A later build that draws the file anew, or hashes it differently, names it
 * otherwise and no longer has the old file, so the published address would 404 after a redeploy.
 * The remote's renderer knows its own build: an address of this area's assets that the build does
 * not have is read as the build's file of the same name, whatever its hash. Addresses the build
 * has, uploaded images and everything else are left exactly as published.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PublishedEntry } from '../src/content-contract';

/** `<name>.<10 hex>.<ext>`: the build's asset names (ASSET_FILENAME in shared/build/prerender.cjs). */
const HASHED = /^(.+)\.[0-9a-f]{10}(\.[A-Za-z0-9]+)$/;

/** The build's asset files by name without their hash: "boreal-fireguard.svg" -> its file now. */
export function builtAssetNames(distDir: string): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  let files: string[];
  try {
    files = fs.readdirSync(path.join(distDir, 'assets'));
  } catch {
    return names;
  }
  for (const file of files) {
    const match = HASHED.exec(file);
    if (match) names.set(`${match[1]}${match[2]}`, file);
  }
  return names;
}

/**
 * A function that gives an entry's data with every seed image address of this area that the build
 * lacks moved to the build's file of the same name. Entries without such an address come back as
 * they were (the same object).
 */
export function seedImagesOfBuild(area: string, built: ReadonlyMap<string, string>) {
  const prefix = `/mfe/${area}/assets/`;
  const current = (src: string): string => {
    if (!src.startsWith(prefix)) return src;
    const file = src.slice(prefix.length);
    const match = HASHED.exec(file);
    const now = match ? built.get(`${match[1]}${match[2]}`) : undefined;
    return now && now !== file ? `${prefix}${now}` : src;
  };
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(walk);
      return items.some((item, index) => item !== value[index]) ? items : value;
    }
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    let changed: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(record)) {
      const next = key === 'src' && typeof item === 'string' ? current(item) : walk(item);
      if (next !== item) (changed ??= { ...record })[key] = next;
    }
    return changed ?? value;
  };
  return <E extends Pick<PublishedEntry, 'data'>>(entry: E): E => {
    const data = walk(entry.data);
    return data === entry.data ? entry : { ...entry, data };
  };
}
