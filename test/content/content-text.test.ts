/** Bad bytes and bad YAML in content: located errors, and nothing unprintable reaches the terminal. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatForTerminal, printError } from '../../src/cli/print-error';
import { decodeText } from '../../src/content/text';
import { readFrontMatter } from '../../src/content/frontmatter';
import { DocsiteError, codeFrame, formatError, printable } from '../../src/core/errors';

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/**
 * No control byte but the colours the terminal printer adds itself (picocolors colours its output
 * when CI is set or stdout is a terminal); none of the inputs below holds those sequences.
 */
function assertPrintable(text: string): void {
  assert.doesNotMatch(withoutColours(text), CONTROL);
}

function withoutColours(text: string): string {
  return text.replace(/\x1b\[(?:1|2|22|31|33|36|39)m/g, '');
}

function decodeError(bytes: Uint8Array): DocsiteError {
  try {
    decodeText(bytes, 'docs/b.md');
  } catch (error) {
    assert.ok(error instanceof DocsiteError);
    return error;
  }
  return assert.fail('expected decodeText to throw');
}

function frontMatterError(source: string): DocsiteError {
  try {
    readFrontMatter(source, 'docs/a.md');
  } catch (error) {
    assert.ok(error instanceof DocsiteError);
    return error;
  }
  return assert.fail('expected readFrontMatter to throw');
}

describe('decodeText', () => {
  test('UTF-8 text comes back as it is, byte order mark and all', () => {
    const text = '\ufeff# Café ☕ 𝄞\n\ttabs and\r\nCRLF\n';
    assert.equal(decodeText(Buffer.from(text, 'utf8'), 'a.md'), text);
  });

  test('a Latin-1 byte is located by line and column, with a frame of that line', () => {
    const error = decodeError(Buffer.from('---\ntitle: Café crème\n---\n', 'latin1'));
    assert.equal(error.code, 'CONTENT_NOT_UTF8');
    assert.equal(error.message, 'This file is not UTF-8 text: the byte 0xE9 here cannot be read as UTF-8.');
    assert.deepEqual(error.loc, { file: 'docs/b.md', line: 2, column: 11 });
    assert.match(error.frame!, /> 2 \| title: Caf\ufffd cr\ufffdme\n +\| {11}\^/);
    assert.match(error.hint!, /iconv/);
  });

  test('columns count characters, not bytes', () => {
    const bytes = Buffer.concat([Buffer.from('ab\nçé☕'), Buffer.from([0xc3, 0x28])]);
    assert.deepEqual(decodeError(bytes).loc, { file: 'docs/b.md', line: 2, column: 4 });
  });

  test('a bad first byte is line 1, column 1', () => {
    assert.deepEqual(decodeError(Buffer.from([0xff, 0x0a, 0x41])).loc, { file: 'docs/b.md', line: 1, column: 1 });
  });

  test('a NUL byte means binary (or UTF-16): located, without a frame', () => {
    const error = decodeError(Buffer.from('# Title\n\nab\0cd', 'utf8'));
    assert.equal(error.code, 'CONTENT_NOT_TEXT');
    assert.deepEqual(error.loc, { file: 'docs/b.md', line: 3, column: 3 });
    assert.equal(error.frame, undefined);
    assert.match(error.hint!, /UTF-16/);
    assert.equal(decodeError(Buffer.from('# Hi\n', 'utf16le')).code, 'CONTENT_NOT_TEXT');
  });

  test('the same bytes as TextDecoder refuses: overlong forms, surrogates, truncated sequences', () => {
    for (const bytes of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80]]) {
      const error = decodeError(Buffer.from([0x41, ...bytes]));
      assert.deepEqual(error.loc, { file: 'docs/b.md', line: 1, column: 2 }, bytes.join(','));
    }
  });

  test('random bytes give a located error and a printable message', () => {
    const bytes = new Uint8Array(65536);
    crypto.getRandomValues(bytes);
    const error = decodeError(bytes);
    assert.match(error.code, /^CONTENT_NOT_(UTF8|TEXT)$/);
    assert.ok(error.loc?.line && error.loc.column);
    assertPrintable(formatForTerminal(error));
  });
});

describe('printable output', () => {
  test('control characters are escaped; tab and newline stay', () => {
    assert.equal(printable('a\x1b[31mb\x07\x00\tc\nd\x7f\u0085\r'), 'a\\x1b[31mb\\x07\\x00\tc\nd\\x7f\\x85\\x0d');
  });

  test('a code frame escapes its lines and keeps the caret under the character', () => {
    // Column 7 is the `y`, after six characters that print as twelve.
    const frame = codeFrame('first\n\x1b[2Jx\x07y\nlast', 2, 7);
    assert.equal(frame, ['  1 | first', '> 2 | \\x1b[2Jx\\x07y', `    | ${' '.repeat(12)}^`, '  3 | last'].join('\n'));
  });

  test('messages, hints, locations and unexpected errors are escaped when printed', () => {
    const error = new DocsiteError({
      code: 'UNEXPECTED',
      message: 'bad \x1b]0;title\x07',
      hint: 'do \x1b[2J',
      loc: { file: 'docs/\x1bx.md', line: 1 },
      frame: '> 1 | \x00',
    });
    for (const text of [formatForTerminal(error), formatError(error)]) {
      assertPrintable(text);
      assert.match(withoutColours(text), /docs\/\\x1bx\.md:1: bad \\x1b\]0;title\\x07/);
    }
    let written = '';
    const stream = { write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WritableStream;
    printError(new Error('boom \x1b[2J'), stream);
    assertPrintable(written);
    assert.match(written, /boom \\x1b\[2J/);
  });
});

describe('frontmatter errors point at the line to fix', () => {
  test('an unclosed [ is reported where it opens, not after the closing ---', () => {
    const error = frontMatterError('---\ntitle: Hello\ndescription: [unclosed\nsidebar_position: 2\n---\n\n# Body\n');
    assert.equal(error.code, 'FRONTMATTER_SYNTAX');
    assert.deepEqual(error.loc, { file: 'docs/a.md', line: 3, column: 14 });
    assert.match(error.frame!, /^> 3 \| description: \[unclosed\n +\| {14}\^$/m);
  });

  test('a colon in a value is reported at the value', () => {
    const error = frontMatterError('---\ntitle: Hello: world\n---\n');
    assert.deepEqual(error.loc, { file: 'docs/a.md', line: 2, column: 8 });
    assert.match(error.message, /not valid YAML: Nested mappings are not allowed in compact mappings\.$/);
  });

  test('an unclosed quote is reported where it opens; a repeated key where it repeats', () => {
    assert.deepEqual(frontMatterError('---\ntitle: x\ndescription: "open\nmore: 1\n---\n').loc, { file: 'docs/a.md', line: 3, column: 14 });
    assert.deepEqual(frontMatterError('---\ntitle: a\nslug: b\ntitle: c\n---\n').loc, { file: 'docs/a.md', line: 4, column: 1 });
  });

  test('control characters in frontmatter are located and printed escaped', () => {
    const error = frontMatterError('---\ntitle: ok\ndescription: \x1b[2Jgone\x07\n---\n');
    assert.deepEqual(error.loc, { file: 'docs/a.md', line: 3, column: 14 });
    assert.equal(error.message, 'The frontmatter is not valid YAML: it holds the control character \\x1b, which YAML does not allow.');
    assertPrintable(formatForTerminal(error));
  });
});
