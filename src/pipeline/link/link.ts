/**
 * Linking: a page chunk with the shared bundle's addresses written in, for the browser and for Node.
 * What linking gives is remembered by chunk and entry name, so an unchanged page is not linked again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LazyBody } from '../../infra/body';
import { digestOf } from '../../infra/digest';
import type { Store } from '../../infra/store';
import type { DocumentAssets } from '../../render/document';
import type { PageChunk } from '../bundle/chunks';
import type { KeptShared } from '../bundle/shared-store';

export interface Linked {
  shared: KeptShared;
  name: string;
  /** The client chunk: its file, and its bytes, linked when first read. */
  file: string;
  body: LazyBody;
  /** The page's Node module, its code linked when first written. */
  serverModule: string;
  serverCode(): string;
  /** The page's assets and render key, and what they were made for (render prefix, route, source digest). */
  rendering?: { of: string; assets: DocumentAssets; renderKey: string };
}

/**
 * What linking a chunk into a shared bundle gives, remembered so an unchanged page's chunk is
 * neither decoded nor linked nor hashed again: its client file's name, digest (as emit records it)
 * and size, and its Node module's file name. Linking is a function of the chunk's code, the shared
 * bundle and the route's entry name, which is what an entry is filed under.
 */
export type LinkFacts = [file: string, digest: string, size: number, serverModule: string];

export interface LinkMemo {
  /**
   * A digest of the addresses of the shared bundle's modules, client and server: what linking puts
   * in a chunk. It is the memo's key in the store (the bundle's own key does not change when a file
   * it was made from does).
   */
  urlsKey: string;
  /** By `<chunk digest>\0<entry name>`. */
  facts: Map<string, LinkFacts>;
  /** Whether it holds facts the store's copy lacks. */
  added: boolean;
  /** The store's kind for it: the dev server's chunks link into other bundles than a build's, and each keeps its own. */
  kind: string;
}

export const linkId = (chunk: PageChunk, name: string): string => `${chunk.digest}\0${name}`;

/**
 * The chunk linked into the shared bundle `shared` under the entry name `name`. What it gives comes
 * from the memo when the memo has it; the code itself is linked only when read (a page rendered,
 * a chunk written).
 */
export function linkInto(chunk: PageChunk, name: string, shared: KeptShared, pageModules: string, memo: LinkMemo): Linked {
  let clientCode: string | undefined;
  let serverCode: string | undefined;
  const client = () => (clientCode ??= linkChunk(chunk, shared.client.urls));
  const server = () => (serverCode ??= linkChunk(chunk, shared.server.urls));
  const id = linkId(chunk, name);
  let facts = memo.facts.get(id);
  if (!facts) {
    const made = clientChunkFile(name, client());
    facts = [made.file, made.digest, Buffer.byteLength(client()), serverChunkName(name, server())];
    memo.facts.set(id, facts);
    memo.added = true;
  }
  const [file, digest, size, module] = facts;
  return { shared, name, file, body: { digest, size, read: async () => client() }, serverModule: path.join(pageModules, 'pages', module), serverCode: server };
}

/** The link memo of the shared bundle `shared`: the one in memory, or the store's, or an empty one. */
export async function linkMemoFor(store: Store, shared: KeptShared, kept: { links?: LinkMemo }, kind: string): Promise<LinkMemo> {
  const urlsKey = digestOf(JSON.stringify([...shared.client.urls]), JSON.stringify([...shared.server.urls]));
  if (kept.links?.urlsKey === urlsKey) return kept.links;
  const stored = await store.getJson<{ urlsKey?: unknown; facts?: unknown }>(kind, urlsKey.slice(0, 32));
  const facts = new Map<string, LinkFacts>();
  if (stored?.urlsKey === urlsKey && Array.isArray(stored.facts))
    for (const entry of stored.facts as unknown[]) if (isLinkEntry(entry)) facts.set(entry[0], entry[1]);
  kept.links = { urlsKey, facts, added: false, kind };
  return kept.links;
}

/** Files the memo of the current pages (`used`) away, when it holds something new or something no page uses. */
export async function keepLinkMemo(store: Store, memo: LinkMemo, used: Set<string>): Promise<void> {
  if (!memo.added && memo.facts.size === used.size) return;
  for (const id of memo.facts.keys()) if (!used.has(id)) memo.facts.delete(id);
  const key = memo.urlsKey.slice(0, 32);
  await store.putJson(memo.kind, key, { urlsKey: memo.urlsKey, facts: [...memo.facts] });
  await store.retain(memo.kind, [key]);
  memo.added = false;
}

/** An entry of a stored memo, whose names stay inside the output's assets folder and the page modules' folder. */
function isLinkEntry(entry: unknown): entry is [string, LinkFacts] {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1])) return false;
  const [file, digest, size, module] = entry[1] as unknown[];
  const plainName = (name: unknown): name is string =>
    typeof name === 'string' && name.length > 0 && !name.includes('/') && !name.includes('\\') && !name.startsWith('.');
  return (
    typeof file === 'string' &&
    file.startsWith('assets/') &&
    plainName(file.slice('assets/'.length)) &&
    typeof digest === 'string' &&
    Number.isInteger(size) &&
    plainName(module)
  );
}

/** A page chunk with the shared modules' addresses in place. */
export function linkChunk(chunk: PageChunk, urls: Map<string, string>): string {
  return chunk.code.replace(/docsite-shared:([^"'`]+)/g, (whole, key: string) => {
    const url = urls.get(key);
    if (!url) throw new Error(`docsite: no shared entry for ${key}`);
    return url;
  });
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Eight base-32 characters of a sha256, the form esbuild gives the shared bundle's files. */
function shortHash(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += BASE32[bytes[i]! % 32];
  return out;
}

/** The route's client chunk: its linked code under a name that changes with its content, and the content's digest as emit records it (32 hex digits of the same sha256). */
export function clientChunkFile(name: string, code: string): { file: string; digest: string } {
  const bytes = createHash('sha256').update(code).digest();
  return { file: `assets/${name}-${shortHash(bytes)}.js`, digest: bytes.toString('hex').slice(0, 32) };
}

/** The file name of a page's Node module: named by its code, so an unchanged page is a module Node already holds. */
export function serverChunkName(name: string, code: string): string {
  return `${name}-${shortHash(createHash('sha256').update(code).digest())}.mjs`;
}

/** Writes a page's Node module unless a file of that name (and so of that code) is there. */
export async function writeServerChunk(file: string, code: string): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing === code) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, code);
}
