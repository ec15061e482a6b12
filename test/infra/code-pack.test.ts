/**
 * A code pack gives back the results it was given, in order and field for field, and reads as
 * a miss (undefined) whenever its bytes are not a whole pack.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodePack, encodePack } from '../../src/infra/code-pack';
import { createStore } from '../../src/infra/store';
import type { CompileResult } from '../../src/mdx';

const results = new Map<string, CompileResult>([
  [
    'b-key',
    {
      code: 'export default function MDXContent() { return "caf\u00e9 \u2014 \u{1F600}"; }\n',
      title: 'Caf\u00e9',
      toc: [{ value: 'One', id: 'one', level: 2 }],
      anchors: ['one'],
      links: [{ url: 'https://example.com', line: 3, column: 5 }],
      mdLinks: [{ index: 0, target: './a.md', hash: 'x', line: 4, column: 1 }],
      highlights: ['0123456789abcdef0123456789abcdef'],
    },
  ],
  ['a-key', { code: '', toc: [], anchors: [], links: [], mdLinks: [] }],
  // Past a megabyte, so Node keeps the section outside the heap as it does at a real site's size.
  ['c-key', { code: 'const s = "\\u0000 \u00ff";\n'.repeat(50_000), toc: [], anchors: [], links: [], mdLinks: [] }],
  ['d-key', { code: 'const \u00e9 = "\u2192";\n', toc: [], anchors: [], links: [], mdLinks: [] }],
  ['e-key', { code: 'one byte again: \u00ff', toc: [], anchors: [], links: [], mdLinks: [] }],
]);

describe('code pack', () => {
  it('reads back every result as written, in the order written', () => {
    const read = decodePack(encodePack(results));
    assert.ok(read);
    assert.deepEqual([...read.keys()], ['b-key', 'a-key', 'c-key', 'd-key', 'e-key']);
    assert.deepEqual(read, results);
    // Fields keep their order too: code first, as the compiler writes a result.
    assert.deepEqual(Object.keys(read.get('b-key')!), Object.keys(results.get('b-key')!));
  });

  it('reads back the same from a store entry read a range at a time, reading no code until it is asked for', async () => {
    const store = createStore(mkdtempSync(path.join(os.tmpdir(), 'docsite-pack-')));
    await store.putBytes('packs', 'p', encodePack(results));
    const source = store.openBytes('packs', 'p')!;
    const ranges: [number, number][] = [];
    const read = decodePack<CompileResult>({ size: source.size, read: (start, end) => (ranges.push([start, end]), source.read(start, end)) });
    assert.ok(read);
    // The length and the header, nothing more: the code of the 2 MB page is not read.
    assert.equal(ranges.length, 2);
    assert.ok(
      ranges.every(([start, end]) => end - start < 4096),
      JSON.stringify(ranges),
    );
    assert.deepEqual(read, results);
  });

  it("decodes a page's code when it is first read, keeps it, and takes a write", () => {
    const bytes = encodePack(results);
    const read = decodePack(bytes)!;
    const decoded = (key: string) => 'value' in Object.getOwnPropertyDescriptor(read.get(key)!, 'code')!;
    assert.deepEqual([...read.keys()].filter(decoded), [], 'no code is decoded with the pack');
    assert.equal(read.get('d-key')!.code, results.get('d-key')!.code);
    assert.equal(read.get('b-key')!.code, results.get('b-key')!.code);
    assert.deepEqual([...read.keys()].filter(decoded), ['b-key', 'd-key']);
    read.get('e-key')!.code = 'written';
    assert.equal(read.get('e-key')!.code, 'written');
    assert.deepEqual(Object.keys(read.get('e-key')!), Object.keys(results.get('e-key')!), 'the code keeps its place among the keys');
    // Written again, a pack of which some code was read and some not is the pack it was read from.
    read.get('e-key')!.code = results.get('e-key')!.code;
    assert.ok(encodePack(read).equals(bytes));
  });

  it('reads an empty pack as no results', () => {
    assert.deepEqual(decodePack(encodePack(new Map())), new Map());
  });

  it('reads bytes that are not a whole pack as a miss', () => {
    const bytes = encodePack(results);
    assert.equal(decodePack(bytes.subarray(0, bytes.length - 1)), undefined, 'cut short in the code');
    assert.equal(decodePack(bytes.subarray(0, 40)), undefined, 'cut short in the header');
    assert.equal(decodePack(Buffer.concat([bytes, Buffer.from('x')])), undefined, 'with bytes after the last page');
    assert.equal(decodePack(Buffer.alloc(2)), undefined, 'shorter than the header size');
    assert.equal(decodePack(Buffer.from([0xff, 0xff, 0xff, 0x7f, 1, 2])), undefined, 'a header size past the end');
    const notJson = Buffer.concat([Buffer.from([3, 0, 0, 0]), Buffer.from('{[}')]);
    assert.equal(decodePack(notJson), undefined, 'a header that is not JSON');
    const packOf = (header: unknown, rest = '') => {
      const text = Buffer.from(JSON.stringify(header));
      return Buffer.concat([Buffer.from([text.length, 0, 0, 0]), text, Buffer.from(rest, 'latin1')]);
    };
    assert.ok(decodePack(packOf({ oneByte: 3, pages: [['k', { code: [0, 3] }]] }, 'abc')), 'the hand-made pack these are variants of');
    assert.equal(decodePack(packOf({ oneByte: 3, pages: [['k', { code: [0, -1] }]] }, 'abc')), undefined, 'a negative code length');
    assert.equal(decodePack(packOf({ oneByte: 3, pages: [['k', { code: [0, 4] }]] }, 'abc')), undefined, 'code past its section');
    assert.equal(decodePack(packOf({ oneByte: 3, pages: [['k', { code: [2, 3] }]] }, 'abc')), undefined, 'no such section');
    assert.equal(decodePack(packOf({ oneByte: 3, pages: [['k', { code: [1, 1] }]] }, 'abc')), undefined, 'an odd UTF-16 section');
    assert.equal(decodePack(packOf({ oneByte: 3, pages: [['k', { code: 3 }]] }, 'abc')), undefined, 'code not placed');
  });
});
