/** How a file is to be placed in the output (its bytes, how to tell them, how to make them), and how one was. */
import { readFile } from 'node:fs/promises';
import { contentDigest } from '../../infra/digest';
import type { SourceStamp, WrittenFile } from './emit-record';

/** How one file gets into the temporary folder. */
export interface Placement {
  /** What the record says of the bytes besides their inode: their digest, or the static file they come from. */
  digest?: string;
  source?: SourceStamp;
  /** For a precompressed copy, what it was made from (see WrittenFile). */
  derived?: string;
  /** Whether `old`, the intact file at the same path of the previous output, holds these bytes. */
  matches(old: WrittenFile): boolean;
  /**
   * Reads a linked file back and says whether it holds these bytes, for when its time cannot vouch
   * for them; `recorded` is what the record said of the file linked.
   */
  readBack(dest: string, recorded: WrittenFile): Promise<boolean>;
  /** Writes the bytes afresh at `dest`; returns their digest when it was not known before (a compressed copy's). */
  make(dest: string): Promise<string | void>;
}

/**
 * A placement made: `linkedTo` the record of the previous output's file when linked, `keptFrom` the
 * spare's when its file was left in place, `unsettled` when its bytes must be read back.
 */
export type Placed = Placement & { linkedTo?: WrittenFile; keptFrom?: WrittenFile; unsettled?: boolean };

/** A file read back is compared with its bytes when they are at hand (`holds`), else with its digest. */
export function byDigest(digest: string | undefined, holds?: (bytes: Uint8Array) => boolean): Pick<Placement, 'digest' | 'matches' | 'readBack'> {
  return {
    digest,
    matches: (old) => digest !== undefined && old.digest === digest,
    readBack: async (dest) => {
      const bytes = await readFile(dest);
      return holds ? holds(bytes) : contentDigest(bytes) === digest;
    },
  };
}

/** Whether `bytes` are those of `content`, a body held in memory. */
export function holdsBody(content: string | Uint8Array): (bytes: Uint8Array) => boolean {
  return (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(typeof content === 'string' ? Buffer.from(content) : content);
}

/**
 * A file left in the spare as its record entry describes it, its time vouching for its bytes. Settle
 * records the entry as it is, and nothing asks it to match, read back or make bytes: a file placed
 * again at its path is removed first and placed anew.
 */
export function keptAsRecorded(entry: WrittenFile): Placed {
  return { digest: entry.digest, derived: entry.derived, keptFrom: entry, matches: placedOnce, readBack: placedOnce, make: placedOnce };
}

function placedOnce(): never {
  throw new Error('docsite: a file left in place as recorded was asked for its bytes');
}
