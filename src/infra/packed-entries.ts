/**
 * Entries of one kind kept for a whole site, read in one go. Each build needs the entry of every
 * page (say, every page's bundled chunk) while an edit changes a few: a thousand small files cost a
 * thousand reads, opens and parses, where one pack costs one read.
 *
 * An entry made since the pack was written goes to the store on its own. The pack is written anew
 * only once enough entries lie outside it, or in it unused, that reading it is no longer nearly all
 * a build needs; then the single entries it holds are dropped. So a one-page edit writes one entry,
 * not the whole site's.
 */
import { deserialize, serialize } from 'node:v8';
import { StoreDamagedError } from './damage';
import type { ByteSource, Store } from './store';

export interface PackedEntries<T> {
  /** The entry under `key`: from the pack, or on its own; undefined when neither holds one that `isEntry` accepts. */
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  /** Keeps the entries of `keys` and drops the rest, writing the pack anew when too much lies outside it. */
  retain(keys: Iterable<string>): Promise<void>;
}

/**
 * Entries outside the pack, or in it but unused, that a build tolerates before it writes the pack
 * anew: an eighth of the site, and never fewer than 32.
 */
export const packSlack = (entries: number): number => Math.max(32, Math.ceil(entries / 8));

/**
 * How a pack's entries become bytes and back: v8's serializer unless the kind has a layout of its own.
 * A pack is read whole (`decode`), or, for a layout that reads only the parts asked for (see
 * code-pack.ts), a range at a time (`decodeSource`). Either gives undefined when the bytes are not a whole pack.
 */
export type PackCodec<T> = { encode(entries: ReadonlyMap<string, T>): Uint8Array } & (
  | { decode(bytes: Buffer): Map<string, T> | undefined }
  | { decodeSource(source: ByteSource): Map<string, T> | undefined }
);

export function createPackedEntries<T>(options: {
  store: Store;
  /** The kind of the single entries; the pack is kept under `<kind>-pack`. */
  kind: string;
  /** Names the layout of an entry: a new one leaves an older pack unread. */
  version: string;
  /** Whether a value read back is an entry (a value from an older layout, or damaged, is not). */
  isEntry: (value: unknown) => value is T;
  /** The pack's layout, when v8's serializer is not the one (single entries always use it). */
  codec?: PackCodec<T>;
}): PackedEntries<T> {
  const { store, kind, isEntry } = options;
  const packKind = `${kind}-pack`;
  const packKey = `pack-${options.version}`;
  const codec = options.codec ?? v8Codec<T>();
  let packing: Promise<Map<string, T>> | undefined;
  const pack = () => (packing ??= readPack(store, packKind, packKey, codec));
  // Every entry this build read or wrote: what a new pack is made of.
  const seen = new Map<string, T>();
  return {
    async get(key) {
      const value = (await pack()).get(key) ?? decode(await store.getBytes(kind, key));
      if (!isEntry(value)) return undefined;
      seen.set(key, value);
      return value;
    },
    async put(key, value) {
      await store.putBytes(kind, key, serialize(value));
      seen.set(key, value);
    },
    async retain(keys) {
      const used = new Set(keys);
      const packed = await pack();
      let single = [...used];
      const outside = single.filter((key) => !packed.has(key)).length;
      const unused = packed.size - (used.size - outside);
      // Only entries this build has in hand go in: one it neither read nor wrote stays single.
      if (outside + unused > packSlack(used.size) && single.every((key) => seen.has(key))) {
        await store.putBytes(packKind, packKey, codec.encode(new Map(single.map((key) => [key, seen.get(key)!]))));
        single = [];
      }
      await Promise.all([store.retain(kind, single), store.retain(packKind, [packKey])]);
    },
  };
}

function decode(bytes: Buffer | undefined): unknown {
  try {
    return bytes && deserialize(bytes);
  } catch {
    // Unreadable: a miss.
    return undefined;
  }
}

function v8Codec<T>(): PackCodec<T> {
  return {
    encode: (entries) => serialize(new Map(entries)),
    decode: (bytes) => {
      const pack = decode(bytes);
      return pack instanceof Map ? (pack as Map<string, T>) : undefined;
    },
  };
}

async function readPack<T>(store: Store, kind: string, key: string, codec: PackCodec<T>): Promise<Map<string, T>> {
  if ('decodeSource' in codec) {
    const source = store.openBytes(kind, key);
    try {
      return (source && codec.decodeSource(source)) || new Map();
    } catch (error) {
      // Its header failed its checksums (the store noted it): a miss.
      if (error instanceof StoreDamagedError) return new Map();
      throw error;
    }
  }
  const bytes = await store.getBytes(kind, key);
  return (bytes && codec.decode(bytes)) || new Map();
}
