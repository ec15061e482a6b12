// One emit of a made-up site, version A or B, with a cache folder, so emit links whatever the
// previous output holds unchanged. Run under kill-during-emit.mjs to cut it at any file operation.
// Usage: node --import tsx --import ./kill-during-emit.mjs emit-driver.ts <out-dir> <cache-dir> <site-dir> <a|b>
// B edits five pages of A, drops two, adds two, changes a script and publishes one static file fewer.
import path from 'node:path';
import { emit } from '../../../src/pipeline/emit/emit';

const [outDir, cacheDir, siteDir, version] = process.argv.slice(2) as [string, string, string, string];
const pages = version === 'a' ? [...Array(30).keys()] : [...Array(32).keys()].filter((i) => i !== 4 && i !== 9);
const files = new Map<string, string>();
for (const i of pages)
  files.set(`docs/page-${i}/index.html`, `<h1>Page ${i}${version === 'b' && i % 6 === 1 ? ', second edition' : ''}</h1>${'<p>words</p>'.repeat(100)}`);
files.set('assets/app.js', `console.log(${JSON.stringify(version)});`);
files.set('_docsite/routes.json', JSON.stringify(pages));
const statics = version === 'a' ? ['img/logo.svg', 'robots.txt'] : ['img/logo.svg'];
await emit({ outDir, cacheDir, files, statics: { dir: path.join(siteDir, 'static'), files: statics, siteDir } });
