/** The shared bundle as the store keeps it between builds: its files in the graph's folder, what the graph knows of them in the store. */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { noteDamaged } from '../../infra/damage';
import type { FileStamp } from '../../infra/file-stamp';
import { folderDigests } from '../../infra/folder';
import type { Store } from '../../infra/store';
import type { SharedClient, SharedServer } from './shared-bundle';

const SHARED_KIND = 'shared-bundle';

interface StoredShared {
  key: string;
  digests: Record<string, FileStamp>;
  /** The digest of each file of the bundle's folder (by its path there, with forward slashes), checked when it is read back. */
  written?: Record<string, string>;
  client: Omit<SharedClient, 'files' | 'urls' | 'deps'> & { files: string[]; urls: [string, string][]; deps: [string, string[]][] };
  server: Omit<SharedServer, 'urls'> & { urls: [string, string][] };
}

/** The shared bundle's files go to `dir` (Node imports the server's from there); what the graph knows of them goes to the store. */
export async function storeShared(store: Store, dir: string, kept: KeptShared): Promise<void> {
  await Promise.all(
    [...kept.client.files].map(async ([name, contents]) => {
      const file = path.join(dir, 'client', name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }),
  );
  const stored: StoredShared = {
    key: kept.key,
    digests: kept.digests,
    written: await folderDigests(dir),
    client: {
      runtime: kept.client.runtime,
      css: kept.client.css,
      inputs: kept.client.inputs,
      files: [...kept.client.files.keys()],
      urls: [...kept.client.urls],
      deps: [...kept.client.deps],
    },
    server: { renderer: kept.server.renderer, inputs: kept.server.inputs, urls: [...kept.server.urls] },
  };
  await store.putJson(SHARED_KIND, kept.key.slice(0, 32), stored);
  await store.retain(SHARED_KIND, [kept.key.slice(0, 32)]);
}

/** The Node renderer of the shared bundle the store keeps (the last build's: it keeps one), if any. */
export async function keptRendererOf(store: Store): Promise<string | undefined> {
  const names = (await readdir(path.join(store.dir, SHARED_KIND)).catch(() => [] as string[])).filter((name) => /^[0-9a-f]{32}$/.test(name));
  const stored = names.length === 1 ? await store.getJson<StoredShared>(SHARED_KIND, names[0]!).catch(() => undefined) : undefined;
  const renderer = stored?.server?.renderer;
  return typeof renderer === 'string' ? renderer : undefined;
}

export async function readStoredShared(store: Store, dir: string, key: string): Promise<KeptShared | undefined> {
  const stored = await store.getJson<StoredShared>(SHARED_KIND, key.slice(0, 32));
  if (!stored || stored.key !== key || !stored.written) return undefined;
  // Node imports the renderer from the folder and emit publishes the client files: each must be
  // what was written, or the bundle is made again.
  const found = await folderDigests(dir).catch(() => undefined);
  if (!found) return undefined;
  for (const [name, digest] of Object.entries(stored.written)) {
    if (found[name] === digest) continue;
    if (found[name] !== undefined) noteDamaged(path.join(dir, ...name.split('/')));
    return undefined;
  }
  try {
    const files = new Map<string, Uint8Array>();
    await Promise.all(stored.client.files.map(async (name) => files.set(name, await readFile(path.join(dir, 'client', name)))));
    return {
      key,
      digests: stored.digests,
      client: { ...stored.client, files, urls: new Map(stored.client.urls), deps: new Map(stored.client.deps) },
      server: { ...stored.server, urls: new Map(stored.server.urls) },
    };
  } catch {
    return undefined;
  }
}

export interface KeptShared {
  key: string;
  digests: Record<string, FileStamp>;
  client: SharedClient;
  server: SharedServer;
}
