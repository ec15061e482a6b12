/**
 * Swaps two folders in one step, so whoever looks at the output path always finds a complete
 * folder, the old one or the new one. Where the system cannot, the caller falls back to two renames
 * and the next build repairs a cut.
 */
import { createRequire } from 'node:module';

type Exchange = (a: string, b: string) => boolean;

const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;
const RENAME_SWAP = 2;

let loaded: Exchange | null | undefined;

/**
 * Node has no call for the swap; the kernel does: renameat2 with RENAME_EXCHANGE on Linux (3.15+,
 * glibc 2.28+) and renamex_np with RENAME_SWAP on macOS, reached through koffi's prebuilt FFI
 * binding. Null elsewhere (Windows); a filesystem that refuses the flag makes the call return false.
 */
function load(): Exchange | null {
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    if (process.platform === 'linux') {
      const renameat2 = koffi.load('libc.so.6').func('int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags)');
      return (a, b) => renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) === 0;
    }
    if (process.platform === 'darwin') {
      const renamexNp = koffi.load('libSystem.B.dylib').func('int renamex_np(const char *from, const char *to, unsigned int flags)');
      return (a, b) => renamexNp(a, b, RENAME_SWAP) === 0;
    }
  } catch {
    // No binding for this platform or libc: the caller renames twice instead.
  }
  return null;
}

/** Exchanges the two existing paths atomically; false when this system cannot, and then nothing moved. */
export function exchangePaths(a: string, b: string): boolean {
  if (loaded === undefined) loaded = load();
  return loaded ? loaded(a, b) : false;
}
