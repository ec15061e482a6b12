/**
 * Precompressed copies started before emit: while the stages between render and emit run on the
 * main thread, zlib's thread pool compresses the copies emit will have to write, and emit takes them.
 */
import { readRecord, recordFileOf, type RecordRead, type WrittenFile } from './emit-record';
import { ENCODINGS, compress, getsCopies } from './precompress';
import { contentDigest } from '../../infra/digest';
import { bodySize, isLazy, readBody, type Body } from '../../infra/body';

/**
 * Jobs compressing at once before emit. Two: the copies that change after any edit (the search
 * index's and records') take longer to compress than the stages they run beside take to run, so two
 * at once finish about when those stages do.
 */
const AHEAD_JOBS = 2;

/** Copies being compressed before emit needs them. */
export interface CopiesAhead {
  /**
   * The copy at `copyPath` made from bytes of digest `digest`: its compression when that has started
   * (a job still waiting is dropped, so emit compresses it at once instead of waiting its turn).
   */
  take(copyPath: string, digest: string): Promise<Buffer> | undefined;
  /**
   * The copy at `copyPath` of the file as this build has it, started now if it waits its turn, and
   * left for emit to take: for someone who needs the same compression (the search summary's size).
   */
  copy(copyPath: string): Promise<Buffer> | undefined;
  /** Drops what was not taken and stops the jobs not started. */
  dispose(): void;
  /** The record of the output folder `outDir` read to plan the jobs, for emit to start from. */
  recorded(outDir: string): RecordRead | undefined;
}

interface Job {
  digest: string;
  size: number;
  run: () => Promise<Buffer>;
  started?: Promise<Buffer>;
}

/**
 * Starts compressing the copies of `files` that emit will have to write: those the previous output's
 * record holds no copy of, made from the same bytes, for. One file at a time, in zlib's thread pool,
 * so the work fills the core the stages between render and emit leave idle (they run on the main
 * thread) instead of competing with them. Digests it computes go into `digests`, for emit.
 */
export async function compressAhead(options: {
  outDir: string;
  cacheDir?: string;
  files: ReadonlyMap<string, Body>;
  digests: Map<string, string>;
}): Promise<CopiesAhead> {
  const record = options.cacheDir ? await readRecord(recordFileOf(options.cacheDir, options.outDir), options.outDir) : undefined;
  const jobs = planJobs(options.files, options.digests, record?.files ?? new Map<string, WrittenFile>());
  // The largest first: they are the ones emit would wait for (the search files, which change with any page).
  const waiting = [...jobs.keys()].sort((a, b) => jobs.get(b)!.size - jobs.get(a)!.size);
  let stopped = false;
  // AHEAD_JOBS at a time: the next starts when one ends.
  const next = (): void => {
    while (!stopped && waiting.length > 0) {
      const job = jobs.get(waiting.shift()!);
      if (!job || job.started) continue;
      job.started = job.run();
      job.started.then(next, next);
      return;
    }
  };
  for (let i = 0; i < AHEAD_JOBS; i++) next();
  return {
    take(copyPath, digest) {
      const job = jobs.get(copyPath);
      jobs.delete(copyPath);
      return job?.digest === digest ? job.started : undefined;
    },
    copy(copyPath) {
      const job = jobs.get(copyPath);
      if (!job || stopped) return undefined;
      if (!job.started) {
        job.started = job.run();
        job.started.catch(() => undefined);
      }
      return job.started;
    },
    dispose() {
      stopped = true;
      jobs.clear();
    },
    recorded: (outDir) => (outDir === options.outDir ? record : undefined),
  };
}

/** A job for each copy of `files` that `recorded`, the previous output's record, has no copy of made from the same bytes. */
function planJobs(files: ReadonlyMap<string, Body>, digests: Map<string, string>, recorded: ReadonlyMap<string, WrittenFile>): Map<string, Job> {
  const jobs = new Map<string, Job>();
  for (const [file, content] of files) {
    const size = bodySize(content);
    if (!getsCopies(file, size)) continue;
    let digest = isLazy(content) ? content.digest : digests.get(file);
    if (!digest) {
      digest = contentDigest(content as string | Uint8Array);
      digests.set(file, digest);
    }
    for (const encoding of ENCODINGS) {
      if (recorded.get(file + encoding.suffix)?.derived === `${encoding.settings}:${digest}`) continue;
      jobs.set(file + encoding.suffix, { digest, size, run: async () => compress(await readBody(content), encoding.name) });
    }
  }
  return jobs;
}
