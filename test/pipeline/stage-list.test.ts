// docsite build and docsite serve follow one list of stages: what each prints of the stages it ran
// is that list, in its order (serve: the part it runs on each update), and serve's search files come
// from the search index stage when a browser asks for them.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import { STAGES } from '../../src/pipeline/stages';
import { copyFixture, fetchWithin, repoRoot, runCli, startServe, stopProcess, until } from '../support/helpers';

/** The stage names of each `stages:` line in `output`, in order. */
function stageLines(output: string): string[][] {
  return [...output.matchAll(/^\s*stages: (.+)$/gm)].map((match) => match[1]!.split(', ').map((part) => part.replace(/ \d+ ms$/, '')));
}

const everyStage = STAGES.map((stage) => stage.name);
const onEachUpdate = STAGES.filter((stage) => stage.serve === 'each update').map((stage) => stage.name);

/**
 * Makes the site's config note each time it is evaluated, and on which thread, in a file outside the
 * site; returns a reader of the notes, sorted.
 */
function countConfigLoads(site: string): () => string[] {
  const log = path.join(os.tmpdir(), `config-loads-${path.basename(site)}.txt`);
  writeFileSync(log, '');
  const config = path.join(site, 'site.config.ts');
  writeFileSync(
    config,
    `import { appendFileSync } from 'node:fs';\nimport { isMainThread } from 'node:worker_threads';\nappendFileSync(${JSON.stringify(log)}, isMainThread ? 'main\\n' : 'thread\\n');\n${readFileSync(config, 'utf8')}`,
  );
  return () => readFileSync(log, 'utf8').split('\n').filter(Boolean).sort();
}

let server: ChildProcess | undefined;
after(() => stopProcess(server));

test('a build runs every stage of the list, in its order', () => {
  const site = copyFixture('basic-site');
  const configLoads = countConfigLoads(site);
  const result = runCli(['build', site]);
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(stageLines(result.stdout), [everyStage]);
  assert.deepEqual(configLoads(), ['main'], 'the build evaluated the config once');
});

test('serve runs the same list up to the link stage on its first update and on each edit, and renders and indexes on request', async () => {
  // The stages serve runs on each update are where the list starts: the list does not interleave what the two commands run.
  assert.deepEqual(everyStage.slice(0, onEachUpdate.length), onEachUpdate);
  const site = copyFixture('basic-site');
  const configLoads = countConfigLoads(site);
  const started = await startServe(site, undefined, { args: ['--verbose'] });
  server = started.child;
  // Each update prints its own line: the first one, any the watcher's first look runs, and the edit's.
  const first = await until(async () => (stageLines(started.output()).length >= 1 ? [] : ['no stages line yet']), 30_000);
  assert.deepEqual(first, []);
  for (const line of stageLines(started.output())) assert.deepEqual(line, onEachUpdate);

  const before = stageLines(started.output()).length;
  appendFileSync(path.join(site, 'content', 'docs', 'intro.md'), '\n\nA sentence added while serving.\n');
  const edited = await until(async () => (stageLines(started.output()).length > before ? [] : [started.output()]), 30_000);
  assert.deepEqual(edited, []);
  for (const line of stageLines(started.output())) assert.deepEqual(line, onEachUpdate);
  // The config is loaded by its stage alone: the server's host rule reads the same one, and a page
  // edit keeps it. The dev server first tries a config in a thread of its own, for its time limit.
  assert.deepEqual(configLoads(), ['main', 'thread'], 'serve evaluated the config once, after one trial');

  const records = await fetchWithin(`${started.base}/_docsite/search/records.json`);
  assert.equal(records.status, 200);
  const list = (await records.json()) as { content?: string }[];
  assert.ok(
    list.some((record) => record.content?.includes('A sentence added while serving')),
    'the edited page is searchable',
  );
});

test('the README describes the same stages, in the same order, run by serve as the list says', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## How a build runs'), readme.indexOf('\n## ', readme.indexOf('## How a build runs') + 1));
  const rows = [...section.matchAll(/^\| (\d+) \| ([a-z ]+) \| .* \| ([a-z ]+) \|$/gm)].map((match) => ({ name: match[2]!, serve: match[3]! }));
  const says = (serve: string) => (serve === 'no' ? 'never' : serve);
  assert.deepEqual(
    rows.map((row) => [row.name, says(row.serve)]),
    STAGES.map((stage) => [stage.name, stage.serve]),
  );
});
