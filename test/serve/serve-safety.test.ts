/**
 * `docsite serve` under rapid edits, a content folder made again, and requests from other web pages:
 * the last write of a file is what the server shows once it is quiet; a folder removed and copied
 * back is watched again; the search endpoint answers its own origin only, refuses large bodies and
 * long queries, and stays cheap for any query.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { copyFixture, fetchWithin, startServe, stopProcess, until } from '../support/helpers';

/** Every request of these tests: a server that never answers fails the test instead of holding the run up. */
const REQUEST_TIMEOUT_MS = 10_000;

async function page(base: string, pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetchWithin(`${base}${pathname}`, { timeoutMs: REQUEST_TIMEOUT_MS });
  return { status: response.status, body: await response.text() };
}

/**
 * POSTs `body` on a connection of its own, with its length or (`chunked`) without; resolves with the
 * status. It never sends more than the server must read to refuse it (see write below).
 */
function postLarge(url: string, body: Buffer, chunked: boolean): Promise<{ status: number; text: string }> {
  const { hostname, port, pathname } = new URL(url);
  const length = chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      { host: hostname, port, path: pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...length } },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, text });
          req.destroy();
        });
        res.on('error', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer to POST ${pathname}`)));
    // A slow upload that stops past the limit and waits: the server must answer from what it has, the
    // length alone when one is given, or the bytes counted so far. Writing on while the server closes
    // the connection would race its answer (EPIPE).
    const stopAt = chunked ? MAX_BODY_SENT : 0;
    const write = (at: number): void => {
      if (answered || req.destroyed) return;
      if (at >= Math.min(stopAt, body.length)) return void req.flushHeaders();
      req.write(body.subarray(at, Math.min(at + 64 * 1024, stopAt)));
      setTimeout(() => write(at + 64 * 1024), 5);
    };
    write(0);
  });
}

/**
 * How much of a chunked upload postLarge sends before it waits: 1 KB past the server's 256 KB limit,
 * so the server has read all of it when it answers (unread bytes at its close would reset the
 * connection under the answer).
 */
const MAX_BODY_SENT = 257 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A doc whose body is one marker word, padded to `size` bytes when given. */
function docText(marker: string, size?: number): string {
  const text = `---\ntitle: P5\n---\n\nThe marker is ${marker}.\n`;
  return size === undefined ? text : text.padEnd(size - 1, ' ') + '\n';
}

/** Waits until `pathname` shows `marker`; returns the problems left when it never does. */
function shows(base: string, pathname: string, marker: string, timeoutMs = 20_000): Promise<string[]> {
  return until(async () => {
    const { status, body } = await page(base, pathname).catch((error: Error) => ({ status: 0, body: error.message }));
    if (status === 200 && body.includes(`The marker is ${marker}.`)) return [];
    return [`${pathname} answers ${status} without ${marker}: ${/The marker is [^.<]*\./.exec(body)?.[0] ?? body.slice(0, 200)}`];
  }, timeoutMs);
}

/** The draft page's word: the dev server shows drafts, and its search finds them. */
const DRAFT_WORD = 'zebrafinchsecret';

// One server for every test of the file, on one copy of the basic site with a page the tests rewrite
// (p5) and a draft page: the searches come first, then the writes, then the content folder's removal.
let site: string;
let base: string;
let child: ChildProcess;
before(async () => {
  site = copyFixture('basic-site');
  writeFileSync(path.join(site, 'content/docs/p5.md'), docText('start'));
  writeFileSync(path.join(site, 'content/docs/unpublished.md'), `---\ntitle: Unpublished\ndraft: true\n---\n\nThe ${DRAFT_WORD} plan is not public.\n`);
  ({ base, child } = await startServe(site));
});
after(() => stopProcess(child));

describe('security: the dev server search endpoint answers only its own origin', () => {
  const queries = (origin: string | undefined, body: BodyInit, extra: RequestInit = {}) =>
    fetchWithin(`${base}/1/indexes/docs/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body,
      timeoutMs: REQUEST_TIMEOUT_MS,
      ...extra,
    });
  const ask = (query: string) => JSON.stringify({ requests: [{ indexName: 'docs', query }] });

  test('security: a request from another origin gets 403, no CORS header and no page text', async () => {
    for (const origin of ['https://evil.example', 'http://evil.example', 'null', `http://evil.example:${new URL(base).port}`]) {
      const response = await queries(origin, ask(DRAFT_WORD));
      const text = await response.text();
      assert.equal(response.status, 403, origin);
      assert.equal(response.headers.get('access-control-allow-origin'), null, origin);
      assert.doesNotMatch(text, new RegExp(DRAFT_WORD), origin);
    }
    // A browser asks before a JSON POST: the question is refused too.
    const preflight = await fetchWithin(`${base}/1/indexes/docs/queries`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    await preflight.arrayBuffer();
    assert.equal(preflight.status, 403);
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
  });

  test('security: the server’s own origin, and a tool that sends none, are answered', async () => {
    const own = base;
    const preflight = await fetchWithin(`${base}/1/indexes/docs/queries`, {
      method: 'OPTIONS',
      headers: { origin: own, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    await preflight.arrayBuffer();
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), own);
    const response = await queries(own, ask(DRAFT_WORD));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), own);
    assert.match(await response.text(), new RegExp(DRAFT_WORD));
    // localhost on the server's port is the same server.
    const local = `http://localhost:${new URL(base).port}`;
    const fromLocal = await queries(local, ask(DRAFT_WORD));
    await fromLocal.arrayBuffer();
    assert.equal(fromLocal.status, 200);
    assert.equal(fromLocal.headers.get('access-control-allow-origin'), local);
    const noOrigin = await queries(undefined, ask(DRAFT_WORD));
    assert.equal(noOrigin.status, 200);
    assert.equal(noOrigin.headers.get('access-control-allow-origin'), null);
    assert.match(await noOrigin.text(), new RegExp(DRAFT_WORD));
  });

  test('security: a body over the limit gets 413, with or without a length', async () => {
    const big = JSON.stringify({ requests: [{ indexName: 'docs', query: 'x' }], padding: 'p'.repeat(2 * 1024 * 1024) });
    // With its length: refused before it is read.
    const sized = await postLarge(`${base}/1/indexes/docs/queries`, Buffer.from(big), false);
    assert.equal(sized.status, 413);
    assert.match(sized.text, /too large: the limit is 256 KB/);
    // Sent in chunks with no length: the server counts as it reads.
    assert.equal((await postLarge(`${base}/1/indexes/docs/queries`, Buffer.from(big), true)).status, 413);
    // The server goes on answering.
    const after = await queries(undefined, ask('installer'));
    assert.equal(after.status, 200);
    await after.arrayBuffer();
  });

  test('security: a 40,000-character word is answered, and the server goes on answering', async () => {
    const response = await queries(undefined, ask('a'.repeat(40_000)));
    const reply = (await response.json()) as { message?: string };
    assert.equal(response.status, 400);
    assert.match(reply.message ?? '', /longer than 512 characters/);
    // Just under the limit, one word: answered with no hits.
    const long = await queries(undefined, ask('b'.repeat(500)));
    assert.equal(long.status, 200);
    assert.equal(((await long.json()) as { results: { nbHits: number }[] }).results[0]!.nbHits, 0);
    assert.equal(child.exitCode, null, 'the server is still running');
    const after = await queries(undefined, ask('installer'));
    assert.equal(after.status, 200);
    assert.match(await after.text(), /setup#install-the-package/);
  });
});

describe('docsite serve applies every write it sees, the last one last', () => {
  const file = () => path.join(site, 'content/docs/p5.md');
  before(async () => {
    assert.deepEqual(await shows(base, '/docs/p5', 'start'), []);
  });

  test('two writes 10 ms apart, the second longer: the second is served', async () => {
    for (let round = 0; round < 6; round++) {
      writeFileSync(file(), docText(`first${round}`));
      await sleep(10);
      writeFileSync(file(), docText(`second${round}, the longer one`));
      assert.deepEqual(await shows(base, '/docs/p5', `second${round}, the longer one`), [], `round ${round}`);
    }
  });

  test('two writes 10 ms apart of the same size: the second is served', async () => {
    for (let round = 0; round < 6; round++) {
      writeFileSync(file(), docText(`aaaa${round}`, 200));
      await sleep(10);
      writeFileSync(file(), docText(`bbbb${round}`, 200));
      assert.deepEqual(await shows(base, '/docs/p5', `bbbb${round}`), [], `round ${round}`);
    }
  });

  test('100 writes in 2 s, three times: the last is served', async () => {
    for (let burst = 0; burst < 3; burst++) {
      for (let write = 0; write < 100; write++) {
        writeFileSync(file(), docText(`burst${burst}-${write}`, 200));
        await sleep(10 + Math.floor(Math.random() * 20));
      }
      assert.deepEqual(await shows(base, '/docs/p5', `burst${burst}-99`), [], `burst ${burst}`);
    }
  });
});

describe('docsite serve keeps watching a content folder removed and made again', () => {
  before(async () => {
    // The page as it was at start, after the writes of the tests above.
    writeFileSync(path.join(site, 'content/docs/p5.md'), docText('start'));
    assert.deepEqual(await shows(base, '/docs/p5', 'start'), []);
  });

  test('rm -rf content && cp -r backup/content: the pages come back, and later edits show', async () => {
    const backup = mkdtempSync(path.join(os.tmpdir(), 'docsite-backup-'));
    cpSync(path.join(site, 'content'), path.join(backup, 'content'), { recursive: true });
    writeFileSync(path.join(backup, 'content/docs/p5.md'), docText('restored'));
    for (let round = 0; round < 3; round++) {
      rmSync(path.join(site, 'content'), { recursive: true });
      cpSync(path.join(backup, 'content'), path.join(site, 'content'), { recursive: true });
      assert.deepEqual(await shows(base, '/docs/p5', 'restored'), [], `round ${round}: the copied page`);
      const intro = await page(base, '/docs/intro');
      assert.equal(intro.status, 200, `round ${round}: the intro page`);
      assert.match(intro.body, /Welcome to the fixture/);
      // The copied folder is watched: an edit in it shows.
      writeFileSync(path.join(site, 'content/docs/p5.md'), docText(`edited${round}`));
      assert.deepEqual(await shows(base, '/docs/p5', `edited${round}`), [], `round ${round}: an edit after the copy`);
    }
  });

  test('content removed, then made again a while later: 404 meanwhile, then the pages', async () => {
    const saved = mkdtempSync(path.join(os.tmpdir(), 'docsite-saved-'));
    cpSync(path.join(site, 'content'), path.join(saved, 'content'), { recursive: true });
    rmSync(path.join(site, 'content'), { recursive: true });
    assert.deepEqual(await until(async () => ((await page(base, '/docs/intro')).status === 404 ? [] : ['/docs/intro is still served']), 20_000), []);
    cpSync(path.join(saved, 'content'), path.join(site, 'content'), { recursive: true });
    writeFileSync(path.join(site, 'content/docs/p5.md'), docText('back'));
    assert.deepEqual(await shows(base, '/docs/p5', 'back'), []);
    assert.equal((await page(base, '/docs/intro')).status, 200);
    writeFileSync(path.join(site, 'content/docs/p5.md'), docText('edited after'));
    assert.deepEqual(await shows(base, '/docs/p5', 'edited after'), []);
  });
});
