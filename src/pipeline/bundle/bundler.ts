/**
 * How esbuild runs for the bundle stage: once (`docsite build`), or kept between runs (`docsite serve`).
 * A kept bundler holds one esbuild context per kind of bundle and rebuilds it, so esbuild reparses
 * only the modules whose text changed.
 */
import type { BuildContext, BuildOptions, BuildResult, Metafile } from 'esbuild';
import { esbuild } from '../../infra/commonjs';

export type BuildWithMetafile = BuildResult & { metafile: Metafile };

export interface Bundler {
  /** A context's plugins are made once, so they read what the current run is about through `read()`, which a kept bundler points at the latest run's scope. */
  build<S>(kind: string, scope: S, options: (read: () => S) => BuildOptions): Promise<BuildWithMetafile>;
  dispose(): Promise<void>;
}

let started = false;

/**
 * Starts esbuild's process now rather than at the first bundle: a build calls this while its main
 * thread waits for the pages to compile, so the process (a spawn and the Go runtime's start) is
 * ready when the page bundles begin. Once per process; a process esbuild already runs in is left as it is.
 */
export function startBundler(): void {
  if (started) return;
  started = true;
  // initialize throws only when called twice, which `started` rules out; a bundle that ran first started the process without it.
  void esbuild.initialize({}).catch(() => undefined);
}

/** Every run is a fresh esbuild build. */
export const oneShotBundler: Bundler = {
  build: (_kind, scope, options) => esbuild.build({ ...options(() => scope), metafile: true }) as Promise<BuildWithMetafile>,
  dispose: async () => undefined,
};

/** Keeps a context per kind while its options stay the same (entry points, output folder, base URL); new options start a new one. */
export function createKeptBundler(): Bundler {
  const kept = new Map<string, { key: string; scope: { current: unknown }; context: BuildContext }>();
  return {
    async build(kind, scope, options) {
      const key = JSON.stringify({ ...options(() => scope), plugins: undefined });
      let entry = kept.get(kind);
      if (entry?.key !== key) {
        await entry?.context.dispose();
        const ref = { current: scope as unknown };
        entry = { key, scope: ref, context: await esbuild.context({ ...options(() => ref.current as typeof scope), metafile: true }) };
        kept.set(kind, entry);
      }
      entry.scope.current = scope;
      return (await entry.context.rebuild()) as BuildWithMetafile;
    },
    async dispose() {
      await Promise.all([...kept.values()].map((entry) => entry.context.dispose()));
      kept.clear();
    },
  };
}
