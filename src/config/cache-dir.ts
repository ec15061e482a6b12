/**
 * The cache folder is docsite's scratch space, and docsite removes and rewrites folders inside it.
 * So it must be docsite's own: the default `.docsite` of the site, or a folder named by
 * DOCSITE_CACHE_DIR that is new, empty, or already tagged by docsite. The tag is a standard
 * CACHEDIR.TAG (bford.info/cachedir), which also tells backup tools to skip the folder.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../core/errors';

const TAG_FILE = 'CACHEDIR.TAG';
const TAG_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';
const TAG_TEXT = `${TAG_SIGNATURE}\n# This folder is docsite's cache: it can be deleted at any time and is remade by the next build.\n`;

/** Creates and tags the cache folder, or refuses one that holds files docsite did not put there. */
export async function claimCacheDir(cacheDir: string, options: { chosenByUser: boolean }): Promise<void> {
  const tag = path.join(cacheDir, TAG_FILE);
  if (existsSync(tag) && (await readFile(tag, 'utf8')).startsWith(TAG_SIGNATURE)) return;
  const entries = await readdir(cacheDir).catch(() => [] as string[]);
  if (options.chosenByUser && entries.length > 0) {
    throw new DocsiteError({
      code: 'CACHE_DIR_NOT_OURS',
      message: `DOCSITE_CACHE_DIR names ${cacheDir}, which is not empty and is not a docsite cache (it has no ${TAG_FILE}); docsite would delete files there.`,
      hint: 'Point DOCSITE_CACHE_DIR at a new or empty folder, for example one made with `mktemp -d`.',
    });
  }
  await mkdir(cacheDir, { recursive: true });
  await writeFile(tag, TAG_TEXT);
}
