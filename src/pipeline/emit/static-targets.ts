/**
 * Where each static file goes in the output: at its own path, and again under the folder of each
 * locale other than the default (`fr/img/a.png`), as Docusaurus writes it, building each locale as a
 * site of its own. A locale's copy takes the place of a static file at the same path, as the
 * locale's build, which Docusaurus runs after the default locale's, writes over it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Statics } from './place-files';

/** The output paths of each static file, by its path under the static folder (its own path first, unless a locale's copy takes it). */
export function staticTargets(statics: Pick<Statics, 'files' | 'locales'>): Map<string, string[]> {
  const locales = statics.locales ?? [];
  if (locales.length === 0) return new Map(statics.files.map((file) => [file, [file]]));
  const sourceOf = new Map<string, string>();
  for (const file of statics.files) sourceOf.set(file, file);
  for (const locale of locales) for (const file of statics.files) sourceOf.set(`${locale}/${file}`, file);
  const targets = new Map<string, string[]>(statics.files.map((file) => [file, []]));
  for (const [target, file] of sourceOf) targets.get(file)!.push(target);
  return targets;
}

/** Every output path a static file is written at (see staticTargets). */
export function staticOutputs(statics: Pick<Statics, 'files' | 'locales'>): string[] {
  if (!statics.locales?.length) return statics.files;
  return [...staticTargets(statics).values()].flat();
}

/** How many files the static files make in the output and their bytes, each file stat'ed once for all its places. */
export async function staticSize(statics: Pick<Statics, 'dir' | 'files' | 'locales'>): Promise<{ files: number; bytes: number }> {
  const targets = [...staticTargets(statics)];
  const sizes = await Promise.all(targets.map(async ([file, places]) => (await stat(path.join(statics.dir, file))).size * places.length));
  return { files: targets.reduce((sum, [, places]) => sum + places.length, 0), bytes: sizes.reduce((a, b) => a + b, 0) };
}
