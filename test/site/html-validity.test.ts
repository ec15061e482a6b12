/**
 * Every HTML page of the Lexical build passes the Nu HTML checker (vnu, run once over the whole
 * output folder) without an error, and no table has an empty header cell.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import fg from 'fast-glob';
import { parseDocument } from 'htmlparser2';
import { byTag, text, type El } from '../support/dom';
import { CLI_TIMEOUT_MS } from '../support/helpers';
import { buildLexicalSite } from './site-build';

const JAVA = 'java';
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** Like the browser tests: a machine without Java skips; under CI=true the check must run. */
function javaSkipReason(): string | false {
  if (spawnSync(JAVA, ['-version'], { timeout: CLI_TIMEOUT_MS }).status === 0) return false;
  if (process.env.CI === 'true') throw new Error('java is missing: CI must run the HTML checker (.ci/run installs default-jre-headless)');
  return 'java is not installed';
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const skip = javaSkipReason();

describe('HTML validity of the Lexical build (Nu HTML checker)', { skip }, () => {
  let outDir: string;
  let pages: string[];
  let scratch: string;

  before(async () => {
    outDir = await buildLexicalSite();
    pages = fg.sync('**/*.html', { cwd: outDir }).sort();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'docsite-vnu-'));
  });

  after(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test('vnu finds no error on any page', (t) => {
    assert.ok(pages.length > 200, `${pages.length} pages built`);
    // A page known to be invalid goes through the same run, so a checker that read nothing would fail.
    const probe = path.join(scratch, 'probe.html');
    writeFileSync(probe, '<!DOCTYPE html><html lang="en"><head><title>probe</title></head><body><p><div>x</div></p></body></html>');
    const run = spawnSync(JAVA, ['-jar', VNU_JAR, '--skip-non-html', '--format', 'json', '--exit-zero-always', outDir, probe], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    assert.equal(run.status, 0, run.stderr.slice(0, 2000));
    // vnu writes its report to stderr.
    const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
    const where = (message: VnuMessage) => `${path.relative(outDir, decodeURIComponent(new URL(message.url ?? 'file:/').pathname))}:${message.lastLine ?? '?'}`;
    const [probeErrors, siteMessages] = [messages.filter((m) => m.url?.endsWith('/probe.html')), messages.filter((m) => !m.url?.endsWith('/probe.html'))];
    assert.ok(
      probeErrors.some((m) => m.type === 'error'),
      'the invalid probe page is reported',
    );

    const warnings = siteMessages.filter((m) => m.type === 'info' && m.subType === 'warning');
    const byText = new Map<string, string[]>();
    for (const warning of warnings) byText.set(warning.message, [...(byText.get(warning.message) ?? []), where(warning)]);
    for (const [message, at] of byText) t.diagnostic(`vnu warning (${at.length}x, first at ${at[0]}): ${message}`);

    const errors = siteMessages.filter((m) => m.type === 'error' || m.type === 'non-document-error');
    assert.deepEqual(
      errors.map((m) => `${where(m)} ${m.message} ${m.extract ?? ''}`.trim()),
      [],
    );
  });

  test('no table on any page has an empty header cell', () => {
    const empty: string[] = [];
    for (const page of pages) {
      for (const th of byTag(parseDocument(readFileSync(path.join(outDir, page), 'utf8')), 'th')) {
        if (!text(th) && !th.attribs['aria-label'])
          empty.push(
            `${page}: an empty <th> in a table headed ${byTag(th.parent as El, 'th')
              .map(text)
              .join(' | ')}`,
          );
      }
    }
    assert.deepEqual(empty, []);
  });
});
