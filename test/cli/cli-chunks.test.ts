/**
 * dist/ is code-split: cli.js loads a command's module only when it runs, and much of docsite's code
 * sits in chunk files beside cli.js and worker.js. The CLI starts without the heavy packages, and a
 * change to any chunk reaches the caches: the whole-build key (every .js in dist/) and the compile
 * cache's key (worker.js and the chunks it loads). Needs `dist/` built.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CLI_TIMEOUT_MS, copyFixture, repoRoot } from '../support/helpers';
import { cliOf, copyDocsite } from '../support/site-edits';

/** What `file` imports statically: the specifier of every `import … from "x"`, `import "x"` and `export … from "x"` statement. */
function staticImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;"']*?["']([^"'\n]+)["']/gm)].map((match) => match[1]!);
}

/** The files `entry` loads through static relative imports, itself included. */
function staticClosure(entry: string): string[] {
  const seen = new Set([entry]);
  for (const file of seen) {
    for (const specifier of staticImports(file)) if (specifier.startsWith('.')) seen.add(path.resolve(path.dirname(file), specifier));
  }
  return [...seen];
}

/**
 * The packages `files` load: those they import by bare name (not node: built-ins), and those bundled
 * into them (scripts/build-cli.mjs bundles some; esbuild heads each bundled module with a
 * `// node_modules/<package>/...` line).
 */
function packagesOf(files: string[]): Set<string> {
  const imported = files.flatMap(staticImports).filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'));
  const bundled = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\/\/ node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm)].map((match) => match[1]!),
  );
  return new Set(
    [...imported, ...bundled].map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    ),
  );
}

test('cli.js loads commander and little else until a command runs', () => {
  const packages = packagesOf(staticClosure(path.join(repoRoot, 'dist', 'cli.js')));
  for (const heavy of ['hono', '@hono/node-server', 'chokidar', 'zod', 'esbuild', 'tinypool', 'yaml', 'gray-matter', 'fast-glob', '@mdx-js/mdx', 'react']) {
    assert.ok(!packages.has(heavy), `cli.js loads ${heavy} at startup`);
  }
  assert.ok(packages.has('commander'));
});

describe('a change to any chunk of dist/ reaches the caches', () => {
  const docsite = copyDocsite();
  const site = copyFixture('basic-site');
  const dist = path.join(docsite, 'dist');
  const build = () => {
    const result = spawnSync(process.execPath, [cliOf(docsite), 'build', site], {
      encoding: 'utf8',
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, NO_COLOR: '1' },
    });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };
  const compiled = (stdout: string) => Number(/mdx: (\d+) compiled/.exec(stdout)?.[1]);
  const workerFiles = staticClosure(path.join(dist, 'worker.js'));
  const cliOnlyChunk = readdirSync(dist).find((name) => /^build-\w+\.js$/.test(name));

  test('the chunks are where the fingerprints look', () => {
    assert.ok(cliOnlyChunk, "dist/ has the build command's chunk");
    assert.ok(!workerFiles.includes(path.join(dist, cliOnlyChunk!)), 'the worker does not load the build command');
    assert.ok(workerFiles.length > 1, 'worker.js loads chunks');
  });

  test('a chunk only the CLI loads: the build runs again, the compile cache stays', () => {
    build();
    assert.match(build(), /no input changed/);
    appendFileSync(path.join(dist, cliOnlyChunk!), '\n// a change to the build command\n');
    const stdout = build();
    assert.doesNotMatch(stdout, /no input changed/);
    assert.equal(compiled(stdout), 0, stdout);
  });

  test('a chunk the worker loads: every page compiles again', () => {
    assert.match(build(), /no input changed/);
    const chunk = workerFiles.find((file) => path.basename(file).startsWith('chunk-'))!;
    appendFileSync(chunk, '\n// a change to the compiler\n');
    const stdout = build();
    assert.ok(compiled(stdout) > 0, stdout);
  });
});
