/**
 * `docsite search upload` against a local server that speaks the part of Algolia's write API
 * algoliasearch uses (settings, batch, copy/move operations, tasks): DocSearch's settings, every
 * record of the build, the live index replaced in one move; the admin key from the environment, and
 * each missing piece reported with its code and exit code 1.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SearchRecord } from '../../src/shared/search/types';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, runCli } from '../support/helpers';

interface FakeIndex {
  settings: Record<string, unknown>;
  objects: Map<string, Record<string, unknown>>;
}

/** Algolia's write API, in memory: enough of it for algoliasearch's setSettings, waitForTask and replaceAllObjects. */
function algoliaWriteServer() {
  const indexes = new Map<string, FakeIndex>();
  const calls: string[] = [];
  const keys: string[] = [];
  let task = 0;
  const indexOf = (name: string) => {
    let index = indexes.get(name);
    if (!index) indexes.set(name, (index = { settings: {}, objects: new Map() }));
    return index;
  };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://x');
      keys.push(String(request.headers['x-algolia-api-key'] ?? url.searchParams.get('x-algolia-api-key')));
      const match = /^\/1\/indexes\/([^/]+)\/(settings|batch|operation|task\/\d+)$/.exec(url.pathname);
      const reply = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!match) return response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found","status":404}');
      const name = decodeURIComponent(match[1]!);
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      calls.push(`${request.method} ${match[2]!.replace(/\d+$/, 'N')} ${name}${body.operation ? ` ${body.operation} -> ${body.destination}` : ''}`);
      if (match[2] === 'settings') indexOf(name).settings = body;
      else if (match[2] === 'batch') {
        for (const item of body.requests as { action: string; body: Record<string, unknown> }[])
          indexOf(name).objects.set(String(item.body.objectID), item.body);
      } else if (match[2] === 'operation') {
        const source = indexOf(name);
        const destination = String(body.destination);
        // A copy with a scope copies those parts (here: settings) and keeps the destination's records.
        if (body.operation === 'copy' && Array.isArray(body.scope)) indexOf(destination).settings = { ...source.settings };
        else if (body.operation === 'copy') indexes.set(destination, { settings: { ...source.settings }, objects: new Map(source.objects) });
        else {
          indexes.set(destination, source);
          indexes.delete(name);
        }
      } else return reply({ status: 'published' });
      reply({ taskID: ++task, updatedAt: new Date().toISOString(), objectIDs: [] });
    });
  });
  return { server, indexes, calls, keys };
}

describe('docsite search upload', () => {
  let site: string;
  let fake: ReturnType<typeof algoliaWriteServer>;
  let host: string;

  before(async () => {
    fake = algoliaWriteServer();
    fake.server.listen(0, '127.0.0.1');
    await new Promise((resolve) => (fake.server as Server).once('listening', resolve));
    host = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    site = copyFixture('basic-site');
    const config = path.join(site, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "  onBrokenLinks: 'throw',",
        `  search: { algolia: { appId: 'TESTAPP', apiKey: 'search-only-key', indexName: 'fixture', hosts: ['${host}'] } },\n  onBrokenLinks: 'throw',`,
      ),
    );
  });

  after(() => fake?.server.close());

  /** Runs the command without blocking this process, which is also the Algolia the command talks to. */
  const upload = (env: Record<string, string>) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const environment: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
      if (!env.ALGOLIA_ADMIN_API_KEY) delete environment.ALGOLIA_ADMIN_API_KEY;
      const child = spawn(process.execPath, [cliPath, 'search', 'upload', site], { env: environment });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('close', (status) => resolve({ status, stdout, stderr }));
    });

  test('before a build there are no records to upload', async () => {
    const result = await upload({ ALGOLIA_ADMIN_API_KEY: 'admin-key' });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /There are no search records at .*records\.json\. \[SEARCH_NO_RECORDS\]/);
  });

  test('without the admin key in the environment nothing is sent', async () => {
    assert.equal(runCli(['build', site]).status, 0);
    const result = await upload({});
    assert.equal(result.status, 1);
    assert.match(result.stderr, /ALGOLIA_ADMIN_API_KEY is not set.*\[SEARCH_NO_ADMIN_KEY\]/);
    assert.deepEqual(fake.calls, []);
  });

  test("the build's records replace the index's in one move, under DocSearch's settings, with the admin key", async () => {
    const result = await upload({ ALGOLIA_ADMIN_API_KEY: 'admin-key' });
    assert.equal(result.status, 0, result.stderr);
    const records = JSON.parse(readFileSync(path.join(site, 'build/_docsite/search/records.json'), 'utf8')) as SearchRecord[];
    assert.match(result.stdout, new RegExp(`Uploaded ${records.length} search records from .* to the Algolia index "fixture" \\(app TESTAPP\\)`));
    assert.deepEqual([...fake.indexes.keys()], ['fixture'], 'the temporary index is gone');
    const index = fake.indexes.get('fixture')!;
    assert.equal(index.objects.size, records.length);
    assert.deepEqual(index.objects.get(records[0]!.objectID), records[0]);
    assert.deepEqual(index.settings.attributesForFaceting, ['type', 'lang', 'language', 'version', 'docusaurus_tag']);
    assert.deepEqual(index.settings.customRanking, ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)']);
    const writes = fake.calls.filter((call) => !call.startsWith('GET'));
    assert.equal(writes[0], 'PUT settings fixture');
    assert.match(writes.at(-1)!, /^POST operation fixture_tmp_\d+ move -> fixture$/);
    assert.ok(
      fake.keys.every((key) => key === 'admin-key'),
      'every call carries the admin key, never the search key',
    );
  });

  test('a site without an Algolia block has nowhere to upload to', () => {
    const plain = copyFixture('basic-site');
    assert.equal(runCli(['build', plain]).status, 0);
    const result = spawnSync(process.execPath, [cliPath, 'search', 'upload', plain], {
      encoding: 'utf8',
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, NO_COLOR: '1', ALGOLIA_ADMIN_API_KEY: 'admin-key' },
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /\[SEARCH_NO_ALGOLIA\]/);
  });
});
