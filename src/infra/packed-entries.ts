/**
 * Entries of one kind kept for a whole site, read in one go: every store kind that holds an entry
 * per page (compiled pages, rendered pages, bundled chunks, search shard facts) keeps them this way,
 * because one pack costs one read where a thousand small entries cost a thousand.
 *
 * The policy, the same for every kind. An entry made since the pack was written goes to the store on
 * its own, so a one-page edit writes one entry, not the whole site's. The pack is written anew, from
 * the entries this build has in hand, only once enough entries lie outside it or in it unused
 * (`packSlack`); then the single entries it holds are dropped. Anything unreadable (a damaged pack or
 * entry, one of another layout) is a miss, and an entry found wrong later is dropped with the pack.
 */
import { deserialize, serialize } from 'node:v8';
import { StoreDamagedError } from './damage';
import type { ByteSource, Store } from './store';

export interface PackedEntries<T> {
  /** The entry under `key`: from the pack, or on its own; undefined when neither holds one that `isEntry` accepts. */
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  /** Starts reading the pack, for a caller that will soon ask for entries. */
  prefetch(): void;
  /**
   * Keeps the entries of `keys` and drops the rest, writing the pack anew when too much lies outside
   * it. Gives the key of every entry still kept, on its own or in the pack, so what goes with an
   * entry (a page's HTML) can be kept while it is.
   */
  retain(keys: Iterable<string>): Promise<Set<string>>;
  /**
   * Removes the entry under `key` and the pack that may hold it: what was made from it proved wrong
   * (see StoreDamagedError), so the next build makes it, and the pages packed with it, anew.
   */
  drop(key: string): Promise<void>;
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
  { decode(bytes: Buffer): Map<string, T> | undefined } | { decodeSource(source: ByteSource): Map<string, T> | undefined }
);

/** How an entry on its own becomes bytes and back (v8's serializer unless given); `decode` gives undefined for bytes it cannot read. */
export interface EntryCodec<T> {
  encode(key: string, value: T): Uint8Array;
  decode(key: string, bytes: Buffer): unknown;
}

export interface PackedEntriesOptions<T> {
  store: Store;
  /** The kind of the single entries; the pack is kept under `<kind>-pack`. */
  kind: string;
  /**
   * Names the layout of an entry: a new one leaves an older pack unread. The pack's key is
   * `pack-<version>`, or `packKey` when it names more (the compiler the entries were made by).
   */
  version: string;
  packKey?: string;
  /** Whether a value read back is an entry (a value from an older layout, or damaged, is not). */
  isEntry: (value: unknown) => value is T;
  /** The pack's layout, when v8's serializer is not the one. */
  codec?: PackCodec<T>;
  /** The layout of an entry on its own, when v8's serializer is not the one. */
  entryCodec?: EntryCodec<T>;
  /**
   * False: the pack is neither read nor written, and is kept as it is; entries are read and written on
   * their own. For a run that has most entries in hand already (the dev server's memory), where
   * reading the whole site's pack would cost more than it saves.
   */
  usePack?: boolean;
}

/** The pack's kind for entries of `kind`. */
export const packKindOf = (kind: string): string => `${kind}-pack`;

export function createPackedEntries<T>(options: PackedEntriesOptions<T>): PackedEntries<T> {
  const { store, kind, isEntry } = options;
  const packKind = packKindOf(kind);
  const packKey = options.packKey ?? `pack-${options.version}`;
  const codec = options.codec ?? v8Codec<T>();
  const entryCodec = options.entryCodec ?? v8EntryCodec<T>();
  const usePack = options.usePack !== false;
  let packing: Promise<Map<string, T>> | undefined;
  const pack = () => (packing ??= usePack ? readPack(store, packKind, packKey, codec) : Promise.resolve(new Map()));
  // Every entry this build read or wrote: what a new pack is made of.
  const seen = new Map<string, T>();
  const readSingle = async (key: string) => {
    const bytes = await store.getBytes(kind, key);
    return bytes && entryCodec.decode(key, bytes);
  };
  return {
    async get(key) {
      const value = (await pack()).get(key) ?? (await readSingle(key));
      if (!isEntry(value)) return undefined;
      seen.set(key, value);
      return value;
    },
    async put(key, value) {
      await store.putBytes(kind, key, entryCodec.encode(key, value));
      seen.set(key, value);
    },
    prefetch() {
      pack().catch(() => undefined);
    },
    async retain(keys) {
      const used = new Set(keys);
      const packed = await pack();
      let single = [...used];
      let kept = new Set([...used, ...packed.keys()]);
      const outside = single.filter((key) => !packed.has(key)).length;
      const unused = packed.size - (used.size - outside);
      // Only entries this build has in hand go in: one it neither read nor wrote stays single.
      if (usePack && outside + unused > packSlack(used.size) && single.every((key) => seen.has(key))) {
        await store.putBytes(packKind, packKey, codec.encode(new Map(single.map((key) => [key, seen.get(key)!]))));
        single = [];
        kept = used;
      }
      await Promise.all([store.retain(kind, single), store.retain(packKind, [packKey])]);
      return kept;
    },
    async drop(key) {
      await Promise.all([store.remove(kind, key), store.remove(packKind, packKey)]);
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

function v8EntryCodec<T>(): EntryCodec<T> {
  return { encode: (_key, value) => serialize(value), decode: (_key, bytes) => decode(bytes) };
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
