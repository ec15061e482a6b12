/**
 * Cache files this process found damaged (a store entry failing its checksums, a kept file no longer
 * what was kept). Each is treated as a miss where it is found; the build warns of each, and when one
 * is found only after the build relied on it (a range of a pack read late), starts again without it.
 */

/** Kept for the process, not per store: stores are made wherever a stage needs one, and a build asks what was found since it started. */
const found: string[] = [];

export function noteDamaged(file: string): void {
  found.push(file);
}

/** A mark to pass to damagedSince. */
export function damageMark(): number {
  return found.length;
}

/** The damaged files found since `mark`, each once. */
export function damagedSince(mark: number): string[] {
  return [...new Set(found.slice(mark))];
}

/** Thrown by a read that found its bytes damaged after the entry was taken as whole: the build starts again. */
export class StoreDamagedError extends Error {
  constructor(readonly file: string) {
    super(`docsite: the cache file ${file} is damaged`);
  }
}
