// one-off: screenshot a route of the docsite output
import { chromium } from 'playwright-core';
import http from 'node:http'; import fs from 'node:fs'; import path from 'node:path';
const dir = process.argv[2], route = process.argv[3], out = process.argv[4], scheme = process.argv[5] ?? 'light';
const server = http.createServer((req, res) => { const p = decodeURIComponent(new URL(req.url, 'http://x').pathname); for (const c of [p, p + '.html', path.posix.join(p, 'index.html')]) { const f = path.join(dir, c); if (fs.existsSync(f) && fs.statSync(f).isFile()) { res.writeHead(200, { 'content-type': { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }[path.extname(f)] ?? 'application/octet-stream' }); return res.end(fs.readFileSync(f)); } } res.writeHead(404).end(); });
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
await page.goto(`http://127.0.0.1:${server.address().port}${route}`, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 900, height: 420 } });
await browser.close(); server.close();
