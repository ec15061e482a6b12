/** Page chunks kept between updates and builds: what a chunk is keyed by, and how its pack holds it. */
import { decodePack, encodePack } from '../../infra/code-pack';
import { digestOf } from '../../infra/digest';
import type { FileStamp } from '../../infra/file-stamp';
import type { PackCodec } from '../../infra/packed-entries';
import type { RouteEntry } from '../routes/routes';
import type { BundleInput } from './bundle';
import type { PageChunk } from './chunks';

export interface KeptChunk {
  chunk: PageChunk;
  /** Each file the chunk was made from besides the page. */
  digests: Record<string, FileStamp>;
}

/**
 * What a route's chunk is made from: its module's code, its content and what it inlines, under
 * docsite's own code and the bundle settings. Compiled markdown is named by what its code is made
 * from (RouteModule's `madeFrom`) where the route table knows it, so an unchanged page's code is
 * never read; generated code, by its digest.
 */
export function chunkKey(entry: RouteEntry, sourceDigest: string, input: BundleInput, fingerprint: string, digestCode: (code: string) => string): string {
  const compiledCode = (module: { code: string; madeFrom?: string }) => (module.madeFrom ? `made-from:${module.madeFrom}` : digestCode(module.code));
  const module =
    entry.module.type === 'tsx'
      ? entry.module.file
      : `${entry.module.resolveDir}\0${entry.module.type === 'mdx' ? compiledCode(entry.module) : digestCode(entry.module.code)}`;
  // Generated pages (blog lists) inline compiled excerpts by index: theirs are part of the key.
  const excerpts =
    entry.module.type === 'code' && entry.module.code.includes('docsite:mdx/')
      ? [...entry.module.code.matchAll(/docsite:mdx\/(\d+)/g)].map((match) => input.mdxModules?.[Number(match[1])])
      : [];
  // Generated code is hashed once while it stays the same string (an unchanged API page's does).
  return digestOf(
    fingerprint,
    input.dev ? 'dev' : 'prod',
    input.site.baseUrl,
    input.siteDir,
    sourceDigest,
    module,
    ...excerpts.map((excerpt) => (excerpt ? compiledCode(excerpt) : digestCode(''))),
  ).slice(0, 32);
}

/** Checks a chunk read back without reading its code, which a pack decodes only when asked for it. */
export function isKeptChunk(value: unknown): value is KeptChunk {
  const kept = value as KeptChunk | undefined;
  const chunk = kept?.chunk;
  const code = chunk && typeof chunk === 'object' ? Object.getOwnPropertyDescriptor(chunk, 'code') : undefined;
  return Boolean(
    code &&
    (code.get || typeof code.value === 'string') &&
    typeof chunk!.digest === 'string' &&
    Array.isArray(chunk!.files) &&
    typeof chunk!.imports === 'object' &&
    typeof kept!.digests === 'object',
  );
}

/** A kept chunk as its pack holds it: the chunk with its files' stamps beside its fields. */
type PackedChunk = PageChunk & { stamps: Record<string, FileStamp> };

/** The chunks' pack: a code pack (see code-pack.ts), so a build reads the code of the pages it links anew only. */
export const chunkCodec: PackCodec<KeptChunk> = {
  encode: (entries) => encodePack(new Map([...entries].map(([key, kept]) => [key, { ...kept.chunk, stamps: kept.digests }]))),
  decodeSource(source) {
    const packed = decodePack<PackedChunk>(source);
    return packed && new Map([...packed].map(([key, chunk]) => [key, { chunk, digests: chunk.stamps }]));
  },
};

/** Markdown a page chunk may inline (partials), by file name. */
export const MARKDOWN_FILE = /\.mdx?$/;
