import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { createLiveChannel, createServeApp, type LiveChannel } from '../../src/serve/app';
import { createHostCheck } from '../../src/serve/host-check';
import { createPreviewApp } from '../../src/serve/preview-app';
import { createDevSession, type DevSession, type SessionState } from '../../src/serve/session';
import { ANSWER_TIMEOUT_MS, cliPath, copyFixture, requestWithin, runCli, startServe, stopProcess } from '../support/helpers';

interface Reply {
  status: number;
  type: string;
  body: string;
}

/** GET over real HTTP to 127.0.0.1, with whatever Host header a browser on another site would send. */
async function get(base: string, pathname: string, host?: string): Promise<Reply> {
  const reply = await requestWithin(new URL(pathname, base), { headers: host === undefined ? {} : { host } });
  return { status: reply.status, type: reply.headers['content-type'] ?? '', body: reply.body.toString('utf8') };
}

/** Starts the real CLI with any arguments; resolves with its base URL once it prints it. */
function startCli(args: string[]): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`docsite ${args[0]} did not start: ${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ base: match[1]!, child });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`docsite ${args[0]} exited with ${code}: ${out}`));
    });
  });
}

/** Serves a Hono app on a free port of 127.0.0.1, as the CLI does. */
async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ base: string; server: ServerType }> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Until `check` holds, or fail after the timeout. */
async function eventually(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function eventuallyAsync(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The `--allowed-hosts` flag is declared in src/cli/main.ts; until it is, the flag tests are reported as to do. */
function assertReady(state: SessionState): void {
  assert.equal(state.status, 'ready', state.status === 'error' ? state.errors.map((error) => error.message).join('\n') : '');
}

function siteWithAllowedHosts(allowedHosts: string): string {
  const site = copyFixture('basic-site');
  const file = path.join(site, 'site.config.ts');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace("  onBrokenLinks: 'throw',", `  server: { allowedHosts: ${allowedHosts} },\n  onBrokenLinks: 'throw',`),
  );
  return site;
}

/**
 * One of each server for the tests that only talk to it, started by the first test that asks: the
 * dev server of a site whose config allows two hosts, started with two more on the command line; the
 * preview of a build of the basic site, started with `--allowed-hosts`; a dev session of the basic
 * site, in process. Each test keeps its own requests.
 */
const shared: {
  serve?: Promise<{ site: string; base: string; child: ChildProcess }>;
  preview?: Promise<{ site: string; base: string; child: ChildProcess }>;
  session?: Promise<{ site: string; session: DevSession }>;
} = {};

function sharedServe() {
  shared.serve ??= (async () => {
    const site = siteWithAllowedHosts("['docs.example.test', '.team.example.test']");
    const { base, child } = await startServe(site, cliPath, { args: ['--allowed-hosts', 'flag.example.test,.wild.example.test'] });
    return { site, base, child };
  })();
  return shared.serve;
}

function sharedPreview() {
  shared.preview ??= (async () => {
    const site = copyFixture('basic-site');
    assert.equal(runCli(['build', site]).status, 0);
    const { base, child } = await startCli(['preview', site, '--port', '0', '--host', '127.0.0.1', '--allowed-hosts', 'flag.example.test']);
    return { site, base, child };
  })();
  return shared.preview;
}

function sharedSession() {
  shared.session ??= (async () => {
    const site = copyFixture('basic-site');
    const session = createDevSession({ siteDir: site });
    assertReady(await session.rebuild());
    return { site, session };
  })();
  return shared.session;
}

after(async () => {
  const settled = <T>(started: Promise<T> | undefined) => started?.catch(() => undefined);
  await stopProcess((await settled(shared.serve))?.child);
  await stopProcess((await settled(shared.preview))?.child);
  await (await settled(shared.session))?.session.close();
});

const serveBlocked =
  'Blocked request: the host "evil.example" is not allowed. To allow it, add it to server.allowedHosts in site.config.ts or pass --allowed-hosts evil.example.';
const previewBlocked = 'Blocked request: the host "evil.example" is not allowed. To allow it, pass --allowed-hosts evil.example to docsite preview.';

describe('docsite serve answers only the hosts it is meant for', () => {
  let site: string;
  let base: string;
  before(async () => {
    ({ site, base } = await sharedServe());
  });

  test('a foreign Host gets 403, text/plain, with the sentence that says how to allow it', async () => {
    const reply = await get(base, '/docs/intro', 'evil.example');
    assert.equal(reply.status, 403);
    assert.match(reply.type, /^text\/plain/);
    assert.equal(reply.body, serveBlocked);
    const port = new URL(base).port;
    const withPort = await get(base, '/docs/intro', `evil.example:${port}`);
    assert.equal(withPort.status, 403);
    assert.equal(withPort.body, serveBlocked);
    const events = await get(base, '/_docsite/events', 'evil.example');
    assert.equal(events.status, 403, 'the event stream is guarded too');
  });

  test('localhost names and IP literals are answered, with or without a port', async () => {
    const port = new URL(base).port;
    for (const host of [
      'localhost',
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `[::1]:${port}`,
      '[::1]',
      `foo.localhost:${port}`,
      `192.168.1.20:${port}`,
    ]) {
      const reply = await get(base, '/docs/intro', host);
      assert.equal(reply.status, 200, host);
      assert.match(reply.body, /Welcome to the fixture/, host);
    }
  });

  test('server.allowedHosts: an exact name, and a leading dot for the domain and every subdomain', async () => {
    for (const host of ['docs.example.test', 'docs.example.test:8080', 'team.example.test', 'a.team.example.test', 'b.a.team.example.test']) {
      assert.equal((await get(base, '/docs/intro', host)).status, 200, host);
    }
    for (const host of ['sub.docs.example.test', 'notteam.example.test', 'team.example.test.evil.example', 'localhost.evil.example']) {
      assert.equal((await get(base, '/docs/intro', host)).status, 403, host);
    }
  });

  test('an edit of server.allowedHosts takes effect without a restart', async () => {
    assert.equal((await get(base, '/docs/intro', 'later.example.test')).status, 403);
    const file = path.join(site, 'site.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace("'docs.example.test',", "'docs.example.test', 'later.example.test',"));
    await eventuallyAsync(async () => (await get(base, '/docs/intro', 'later.example.test')).status === 200, 'later.example.test is answered', 30_000);
    assert.equal((await get(base, '/docs/intro', 'evil.example')).status, 403);
  });

  test('a malformed server.allowedHosts entry is a located config error', () => {
    const site = siteWithAllowedHosts("['https://docs.example.test']");
    const result = runCli(['build', site]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /site\.config\.ts:\d+:\d+: Invalid value for "server\.allowedHosts\[0\]"/);
    assert.match(result.stderr, /no scheme, port or path/);
  });
});

describe('docsite serve --allowed-hosts', () => {
  test('a host given on the command line is answered; others still are not', async () => {
    // The config allows neither name: only the flag does.
    const { base } = await sharedServe();
    assert.equal((await get(base, '/docs/intro', 'flag.example.test')).status, 200);
    assert.equal((await get(base, '/docs/intro', 'x.wild.example.test')).status, 200);
    assert.equal((await get(base, '/docs/intro', 'evil.example')).body, serveBlocked);
  });
});

describe('docsite preview answers only the hosts it is meant for', () => {
  let site: string;
  let base: string;
  before(async () => {
    ({ site, base } = await sharedPreview());
  });

  test('a foreign Host gets 403 with the sentence naming the flag', async () => {
    const reply = await get(base, '/docs/intro/', 'evil.example');
    assert.equal(reply.status, 403);
    assert.match(reply.type, /^text\/plain/);
    assert.equal(reply.body, previewBlocked);
  });

  test('localhost names and IP literals are answered', async () => {
    const port = new URL(base).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'foo.localhost']) {
      const reply = await get(base, '/docs/intro/', host);
      assert.equal(reply.status, 200, host);
      assert.match(reply.body, /Welcome to the fixture/, host);
    }
  });

  test('the allow-list of the preview app, served over HTTP', async () => {
    const { base: appBase, server } = await listen(createPreviewApp({ root: path.join(site, 'build'), allowedHosts: ['.example.test'] }).fetch);
    try {
      assert.equal((await get(appBase, '/docs/intro/', 'docs.example.test')).status, 200);
      assert.equal((await get(appBase, '/docs/intro/', 'example.test')).status, 200);
      assert.equal((await get(appBase, '/docs/intro/', 'evil.example')).body, previewBlocked);
    } finally {
      server.close();
    }
  });

  test('--allowed-hosts on the command line', async () => {
    // The preview was started with the flag; without it, the name would be refused.
    assert.equal((await get(base, '/docs/intro/', 'flag.example.test')).status, 200);
    assert.equal((await get(base, '/docs/intro/', 'evil.example')).body, previewBlocked);
  });
});

describe('the host check', () => {
  test('the --host name is answered; true answers anything; a missing Host (HTTP/1.0) is not refused', () => {
    const check = createHostCheck({ allowedHosts: [], listenHost: 'mybox.lan' });
    assert.equal(check('mybox.lan:3000'), true);
    assert.equal(check('other.lan'), false);
    assert.equal(check(undefined), true);
    assert.equal(check('evil.example:notaport'), false);
    assert.equal(check('[not-an-ip]:3000'), false);
    assert.equal(check('LOCALHOST:3000'), true);
    assert.equal(createHostCheck({ allowedHosts: ['Docs.Example.test'] })('DOCS.example.TEST'), true);
    assert.equal(createHostCheck({ allowedHosts: true })('anything.example'), true);
  });
});

describe('event streams release their listener when the client goes', () => {
  let session: DevSession;
  let live: LiveChannel;
  let server: ServerType;
  let base: string;
  before(async () => {
    ({ session } = await sharedSession());
    live = createLiveChannel();
    ({ base, server } = await listen(createServeApp({ session, live, pingIntervalMs: 100 }).fetch));
  });
  after(() => {
    server.close();
  });

  /** Opens an event stream; resolves once `until` has been read from it. */
  function open(until: string): Promise<ClientRequest> {
    const url = new URL('/_docsite/events', base);
    return new Promise((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (!text.includes(until)) return;
          clearTimeout(timer);
          resolve(req);
        });
      });
      const timer = setTimeout(() => {
        reject(new Error(`no ${JSON.stringify(until)} from the event stream within ${ANSWER_TIMEOUT_MS} ms`));
        req.destroy();
      }, ANSWER_TIMEOUT_MS);
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
  }

  test('200 connections opened and closed leave the channel as it was', async () => {
    const baseline = live.size();
    const clients = await Promise.all(Array.from({ length: 200 }, () => open('event: hello')));
    assert.equal(live.size(), baseline + 200);
    for (const client of clients) client.destroy();
    await eventually(() => live.size() === baseline, `the listener count is back to ${baseline} (now ${live.size()})`);
  });

  test('connections dropped as soon as they are sent are released too', async () => {
    const baseline = live.size();
    const url = new URL('/_docsite/events', base);
    await Promise.all(
      Array.from(
        { length: 200 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent: false });
            req.on('error', () => resolve());
            req.on('close', () => resolve());
            req.end(() => setTimeout(() => req.destroy(), i % 5));
          }),
      ),
    );
    await eventually(() => live.size() === baseline, `the listener count is back to ${baseline} (now ${live.size()})`);
  });

  test('a stream cancelled before its greeting was read releases its listener (the abort used to be missed)', async () => {
    const channel = createLiveChannel();
    const app = createServeApp({ session, live: channel });
    for (let i = 0; i < 50; i++) {
      const res = await app.request('/_docsite/events');
      await res.body!.cancel();
    }
    await eventually(() => channel.size() === 0, `no listener is left (now ${channel.size()})`);
  });

  test('an open stream gets a keep-alive comment', async () => {
    const client = await open(': ping');
    client.destroy();
  });
});

describe('symbolic links never lead the servers out of the site', () => {
  let outside: string;
  before(() => {
    outside = mkdtempSync(path.join(os.tmpdir(), 'docsite-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET');
  });

  test('serve: links to /etc and out of the site are 404; a link to another file of the site is served', async () => {
    const { site, session } = await sharedSession();
    // Made after the session is ready: the links are met by the static file handler, whatever the content scan thinks of them.
    const statics = path.join(site, 'content', 'static');
    symlinkSync('/etc', path.join(statics, 'etc'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(statics, 'secret.txt'));
    symlinkSync(outside, path.join(statics, 'outside'));
    symlinkSync('../docs/intro.md', path.join(statics, 'intro.md'));
    symlinkSync('../docs', path.join(statics, 'docs-link'));
    mkdirSync(path.join(statics, 'nested'));
    symlinkSync('../../../site.config.ts', path.join(statics, 'nested', 'config.ts'));
    const { base, server } = await listen(createServeApp({ session, live: createLiveChannel() }).fetch);
    try {
      for (const probe of ['/etc/passwd', '/etc/hostname', '/secret.txt', '/outside/secret.txt']) {
        const reply = await get(base, probe);
        assert.equal(reply.status, 404, probe);
        assert.match(reply.body, /Page Not Found/, probe);
        assert.doesNotMatch(reply.body, /root:|OUTSIDE-SECRET/, probe);
      }
      const intro = readFileSync(path.join(site, 'content', 'docs', 'intro.md'), 'utf8');
      assert.equal((await get(base, '/intro.md')).body, intro);
      assert.equal((await get(base, '/docs-link/intro.md')).body, intro);
      assert.match((await get(base, '/nested/config.ts')).body, /defineConfig/);
    } finally {
      server.close();
    }
  });

  test('preview: links out of the build folder are 404 with the 404 page; a link inside it is served', async () => {
    // Links made in the build folder of the running preview: it looks each path up as it is asked for.
    const { site, base } = await sharedPreview();
    const build = path.join(site, 'build');
    symlinkSync('/etc', path.join(build, 'etc'));
    symlinkSync('/etc/passwd', path.join(build, 'passwd'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(build, 'secret.txt'));
    symlinkSync(path.join(site, 'site.config.ts'), path.join(build, 'config.html'));
    symlinkSync('index.html', path.join(build, 'home.html'));
    const notFoundPage = readFileSync(path.join(build, '404.html'), 'utf8');
    for (const probe of ['/etc/passwd', '/passwd', '/secret.txt', '/config', '/config.html']) {
      const reply = await get(base, probe);
      assert.equal(reply.status, 404, probe);
      assert.equal(reply.body, notFoundPage, probe);
    }
    const home = await get(base, '/home');
    assert.equal(home.status, 200);
    assert.equal(home.body, readFileSync(path.join(build, 'index.html'), 'utf8'));
  });

  test('preview: a 404.html that links out of the build folder is not sent either', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docsite-preview-root-'));
    writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, '404.html'));
    const { base, server } = await listen(createPreviewApp(root).fetch);
    try {
      const reply = await get(base, '/missing');
      assert.equal(reply.status, 404);
      assert.doesNotMatch(reply.body, /OUTSIDE-SECRET/);
    } finally {
      server.close();
    }
  });

  test("preview: a path whose percent-encoding is broken gets the build's 400 page, or the plain text without one", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docsite-preview-400-'));
    writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    const { base, server } = await listen(createPreviewApp(root).fetch);
    try {
      const plain = await get(base, '/%E0%A4%A');
      assert.deepEqual([plain.status, plain.body], [400, 'Pathname could not be decoded']);
      writeFileSync(path.join(root, '400.html'), '<h1>Pathname could not be decoded</h1>');
      const reply = await get(base, '/%E0%A4%A');
      assert.deepEqual([reply.status, reply.body], [400, '<h1>Pathname could not be decoded</h1>']);
    } finally {
      server.close();
    }
  });

  test('preview: a route asked for with a trailing .html or index.html is the route (spec 2.6), never a way out', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'docsite-preview-html-'));
    mkdirSync(path.join(root, 'docs', 'faq'), { recursive: true });
    writeFileSync(path.join(root, 'docs', 'faq', 'index.html'), '<p>faq</p>');
    writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    writeFileSync(path.join(root, '404.html'), '<p>not found</p>');
    const { base, server } = await listen(createPreviewApp(root).fetch);
    try {
      for (const probe of ['/docs/faq', '/docs/faq/', '/docs/faq.html', '/docs/faq/index.html']) {
        const reply = await get(base, probe);
        assert.deepEqual([reply.status, reply.body], [200, '<p>faq</p>'], probe);
      }
      assert.equal((await get(base, '/index.html')).body, '<p>home</p>');
      for (const probe of ['/docs/nothing.html', '/..%2F..%2Fetc%2Fpasswd.html']) {
        const reply = await get(base, probe);
        assert.deepEqual([reply.status, reply.body], [404, '<p>not found</p>'], probe);
      }
    } finally {
      server.close();
    }
  });
});
