/**
 * Compressed responses of `docsite preview`, read as raw bytes over real HTTP on 127.0.0.1 (node:http,
 * which decodes nothing), from a real `docsite build` of the basic fixture: the `.br` and `.gz` copies
 * the build writes beside text files, how the next build keeps and replaces them, and what the
 * preview server sends for each Accept-Encoding.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerType } from '@hono/node-server';
import { copyFixture, previewBuild, requestWithin, runCli, type RawReply } from '../support/helpers';

/** One request over real HTTP, its body as the bytes that came over the wire. */
function fetchRaw(base: string, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawReply> {
  return requestWithin(new URL(pathname, base), { method, headers });
}

const decode = (reply: RawReply): Buffer => {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  assert.equal(encoding, undefined, `unexpected encoding ${String(encoding)}`);
  return reply.body;
};

/** Every file of a folder by its path relative to it, forward slashes. */
const filesOf = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => lstatSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();

/** A site with static files of each kind: big text, an image, and a file of the site's own named like a copy. */
function makeSite(): string {
  const site = copyFixture('basic-site');
  const staticDir = path.join(site, 'content', 'static');
  mkdirSync(path.join(staticDir, 'data'), { recursive: true });
  writeFileSync(path.join(staticDir, 'img', 'diagram.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10"/>'.repeat(100)}</svg>\n`);
  writeFileSync(path.join(staticDir, 'img', 'photo.png'), randomBytes(8192));
  writeFileSync(path.join(staticDir, 'data', 'notes.txt'), 'A line of notes.\n'.repeat(200));
  writeFileSync(path.join(staticDir, 'data', 'notes.txt.gz'), 'not gzip at all: the site named a file like a copy');
  writeFileSync(path.join(staticDir, 'data', 'tiny.txt'), 'small');
  return site;
}

describe('docsite build writes .br and .gz copies of text files', () => {
  let site: string;
  let out: string;
  before(() => {
    site = makeSite();
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    assert.match(built.stdout, /precompressed: \d+ copies/);
    out = path.join(site, 'build');
  });

  test('each text file of 1 KB or more has both copies, which decode to its bytes; images, small files and the search records have none', () => {
    const files = filesOf(out);
    // The search records are read by `docsite search upload`, never fetched by a page.
    const records = '_docsite/search/records.json';
    assert.ok(lstatSync(path.join(out, records)).size >= 1024);
    const sources = files.filter((file) => /\.(html|js|css|json|svg|xml|txt)$/.test(file) && file !== records && lstatSync(path.join(out, file)).size >= 1024);
    assert.ok(
      sources.includes('docs/intro/index.html') &&
        sources.includes('img/diagram.svg') &&
        sources.includes('data/notes.txt') &&
        sources.some((file) => file.endsWith('.js')) &&
        sources.some((file) => file.endsWith('.css')),
      sources.join(', '),
    );
    for (const file of sources) {
      const bytes = readFileSync(path.join(out, file));
      assert.ok(brotliDecompressSync(readFileSync(path.join(out, `${file}.br`))).equals(bytes), `${file}.br`);
      assert.ok(gunzipSync(readFileSync(path.join(out, `${file}.gz`))).equals(bytes), `${file}.gz`);
    }
    const copies = files.filter((file) => /\.(br|gz)$/.test(file));
    assert.equal(copies.length, sources.length * 2, 'no copy but those of these files');
    for (const file of ['img/photo.png', 'img/favicon.svg', 'data/tiny.txt', records]) {
      assert.ok(existsSync(path.join(out, file)), file);
      assert.ok(!existsSync(path.join(out, `${file}.br`)) && !existsSync(path.join(out, `${file}.gz`)), `${file} has no copies`);
    }
    // The site's own data/notes.txt.gz stood where the copy of data/notes.txt goes: the copy took its place.
    assert.ok(gunzipSync(readFileSync(path.join(out, 'data/notes.txt.gz'))).equals(readFileSync(path.join(out, 'data/notes.txt'))));
  });

  test('the service worker does not precache the copies, and the sitemap does not list them', () => {
    const worker = readFileSync(path.join(out, 'sw.js'), 'utf8');
    const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(urls.length > 0);
    assert.deepEqual(
      urls.filter((url) => /\.(br|gz)$/.test(url)),
      [],
    );
    assert.doesNotMatch(readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), /\.(br|gz)</);
  });

  test('the next build keeps copies whose file did not change, writes those of a changed file, and removes those of a removed page', () => {
    const intro = path.join(site, 'content', 'docs', 'intro.md');
    const inode = (file: string) => lstatSync(path.join(out, file)).ino;
    const setup = 'docs/guides/setup/index.html';
    assert.ok(existsSync(path.join(out, `${setup}.br`)), `${setup}.br`);
    const before = { introBr: readFileSync(path.join(out, 'docs/intro/index.html.br')), setupBr: inode(`${setup}.br`), setupGz: inode(`${setup}.gz`) };

    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nA sentence added after the first build.\n`);
    const about = path.join(site, 'content', 'pages', 'about.md');
    const aboutText = readFileSync(about, 'utf8');
    assert.ok(existsSync(path.join(out, 'about/index.html.br')));
    rmSync(about);
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);

    const introHtml = readFileSync(path.join(out, 'docs/intro/index.html'));
    assert.match(introHtml.toString(), /A sentence added after the first build/);
    assert.ok(brotliDecompressSync(readFileSync(path.join(out, 'docs/intro/index.html.br'))).equals(introHtml));
    assert.ok(gunzipSync(readFileSync(path.join(out, 'docs/intro/index.html.gz'))).equals(introHtml));
    assert.ok(!readFileSync(path.join(out, 'docs/intro/index.html.br')).equals(before.introBr));
    assert.equal(inode(`${setup}.br`), before.setupBr, 'an unchanged page keeps its copies, unwritten');
    assert.equal(inode(`${setup}.gz`), before.setupGz);
    assert.deepEqual(
      filesOf(out).filter((file) => file.startsWith('about/')),
      [],
      'the removed page goes with its copies',
    );

    // A copy edited by hand in the output is written again by the next build.
    writeFileSync(path.join(out, `${setup}.br`), 'edited by hand');
    writeFileSync(about, aboutText);
    assert.equal(runCli(['build', site]).status, 0);
    assert.ok(brotliDecompressSync(readFileSync(path.join(out, `${setup}.br`))).equals(readFileSync(path.join(out, setup))));
    assert.ok(filesOf(out).includes('about/index.html.br'));
  });
});

describe('docsite preview sends text files compressed as the client accepts', () => {
  let site: string;
  let out: string;
  let base: string;
  let server: ServerType;
  before(async () => {
    site = makeSite();
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    out = path.join(site, 'build');
    ({ base, server } = await previewBuild(out));
  });
  after(() => server?.close());

  const page = '/docs/intro/';
  const pageFile = () => readFileSync(path.join(out, 'docs/intro/index.html'));

  test("br when accepted, preferred to gzip; the body is the build's .br copy and decodes to the page", async () => {
    const reply = await fetchRaw(base, page, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['content-encoding'], 'br');
    assert.equal(reply.headers.vary, 'Accept-Encoding');
    assert.equal(reply.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(Number(reply.headers['content-length']), reply.body.length);
    assert.ok(reply.body.equals(readFileSync(path.join(out, 'docs/intro/index.html.br'))));
    assert.ok(decode(reply).equals(pageFile()));
    assert.ok(reply.body.length < pageFile().length / 2);
  });

  test('gzip when br is not accepted, or weighed lower', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'br;q=0, *']) {
      const reply = await fetchRaw(base, page, { 'accept-encoding': accept });
      assert.equal(reply.headers['content-encoding'], 'gzip', accept);
      assert.equal(Number(reply.headers['content-length']), reply.body.length);
      assert.ok(decode(reply).equals(pageFile()), accept);
    }
  });

  test('the bytes as they are without Accept-Encoding, with identity only, or with encodings it does not know; Vary all the same', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate, zstd' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const reply = await fetchRaw(base, page, headers);
      assert.equal(reply.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.equal(reply.headers.vary, 'Accept-Encoding');
      assert.equal(Number(reply.headers['content-length']), reply.body.length);
      assert.ok(reply.body.equals(pageFile()));
    }
  });

  test('scripts, stylesheets, JSON, SVG and text files are compressed; images and small files are not, and do not vary', async () => {
    const assets = readdirSync(path.join(out, 'assets'));
    const css = assets.find((file) => file.endsWith('.css'))!;
    const js = assets.filter((file) => file.endsWith('.js')).find((file) => lstatSync(path.join(out, 'assets', file)).size >= 1024)!;
    for (const file of [`assets/${css}`, `assets/${js}`, '_docsite/search/records.json', 'img/diagram.svg', 'data/notes.txt']) {
      const reply = await fetchRaw(base, `/${file}`, { 'accept-encoding': 'br' });
      assert.equal(reply.status, 200, file);
      assert.equal(reply.headers['content-encoding'], 'br', file);
      assert.ok(decode(reply).equals(readFileSync(path.join(out, file))), file);
    }
    for (const file of ['img/photo.png', 'img/favicon.svg', 'data/tiny.txt']) {
      const reply = await fetchRaw(base, `/${file}`, { 'accept-encoding': 'br, gzip' });
      assert.equal(reply.status, 200, file);
      assert.equal(reply.headers['content-encoding'], undefined, file);
      assert.equal(reply.headers.vary, undefined, file);
      assert.ok(reply.body.equals(readFileSync(path.join(out, file))), file);
    }
  });

  test('HEAD has the headers of GET and no body', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const get = await fetchRaw(base, page, { 'accept-encoding': accept });
      const head = await fetchRaw(base, page, { 'accept-encoding': accept }, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary'])
        assert.equal(head.headers[name], get.headers[name], `${name} for "${accept}"`);
    }
  });

  test('a Range request gets the file as it is', async () => {
    const reply = await fetchRaw(base, page, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    assert.equal(reply.headers['content-encoding'], undefined);
    assert.ok(reply.body.equals(pageFile()));
  });

  test('the 404 page is compressed too', async () => {
    const reply = await fetchRaw(base, '/no/such/page', { 'accept-encoding': 'gzip' });
    assert.equal(reply.status, 404);
    assert.equal(reply.headers['content-encoding'], 'gzip');
    assert.ok(decode(reply).equals(readFileSync(path.join(out, '404.html'))));
  });

  test('a copy asked for by its own name is not found; a file of the site named like one, with no file beside it, is served', async () => {
    for (const file of ['/docs/intro/index.html.br', '/docs/intro/index.html.gz', '/data/notes.txt.gz']) {
      const reply = await fetchRaw(base, file, { 'accept-encoding': 'br' });
      assert.equal(reply.status, 404, file);
      assert.ok(decode(reply).equals(readFileSync(path.join(out, '404.html'))), file);
    }
    writeFileSync(path.join(out, 'archive.tar.gz'), randomBytes(2048));
    const archive = await fetchRaw(base, '/archive.tar.gz', { 'accept-encoding': 'br' });
    assert.equal(archive.status, 200);
    assert.equal(archive.headers['content-encoding'], undefined);
    assert.ok(archive.body.equals(readFileSync(path.join(out, 'archive.tar.gz'))));
  });

  test('a file edited in the output after the build is sent as it now is: its copy, older, is not used', async () => {
    const file = path.join(out, 'data', 'notes.txt');
    const edited = Buffer.from('Notes edited by hand after the build.\n'.repeat(100));
    writeFileSync(file, edited);
    // Older than the file, whatever the clock's resolution.
    const past = new Date(Date.now() - 60_000);
    for (const suffix of ['.br', '.gz']) utimesSync(`${file}${suffix}`, past, past);
    for (const accept of ['br', 'gzip']) {
      const reply = await fetchRaw(base, '/data/notes.txt', { 'accept-encoding': accept });
      assert.equal(reply.headers['content-encoding'], accept);
      assert.equal(Number(reply.headers['content-length']), reply.body.length);
      assert.ok(decode(reply).equals(edited), accept);
      // The second answer comes from memory, the same bytes.
      assert.ok((await fetchRaw(base, '/data/notes.txt', { 'accept-encoding': accept })).body.equals(reply.body));
    }
  });

  test('a build folder without copies is compressed on the fly', async () => {
    for (const file of filesOf(out).filter((name) => name.startsWith('docs/guides/') && /\.(br|gz)$/.test(name))) rmSync(path.join(out, file));
    const setup = readFileSync(path.join(out, 'docs/guides/setup/index.html'));
    for (const accept of ['br', 'gzip']) {
      const reply = await fetchRaw(base, '/docs/guides/setup', { 'accept-encoding': accept });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-encoding'], accept);
      assert.equal(reply.headers.vary, 'Accept-Encoding');
      assert.equal(Number(reply.headers['content-length']), reply.body.length);
      assert.ok(decode(reply).equals(setup), accept);
    }
  });
});
