/**
 * What serialization.md says about loading JSON and about the Markdown transformer groups, checked
 * against the installed packages: setEditorState runs listeners but no transforms; an unknown node
 * type is reported to onError (parseEditorState throws only if onError does) and what was parsed
 * before it is kept; ELEMENT_TRANSFORMERS has no check lists, and CHECK_LIST must come before
 * UNORDERED_LIST.
 *
 * Run: node --import tsx --test content/docs/concepts/serialization.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHeadlessEditor } from '@lexical/headless';
import { CodeNode } from '@lexical/code';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode, $isListNode } from '@lexical/list';
import {
  $convertFromMarkdownString,
  CHECK_LIST,
  CODE,
  ELEMENT_TRANSFORMERS,
  HEADING,
  LINK,
  MULTILINE_ELEMENT_TRANSFORMERS,
  ORDERED_LIST,
  QUOTE,
  TEXT_FORMAT_TRANSFORMERS,
  TEXT_MATCH_TRANSFORMERS,
  TRANSFORMERS,
  UNORDERED_LIST,
  type Transformer,
} from '@lexical/markdown';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $getRoot, TextNode } from 'lexical';
import { strictEditor, textOf } from '../__tests__/headless';

const paragraph = (text: string) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
  children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }],
});
const callout = { type: 'callout', version: 1, direction: null, format: '', indent: 0, children: [] };
const documentOf = (...children: object[]) => JSON.stringify({ root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children } });

describe('serialization.md: restoring a saved state', () => {
  test('setEditorState reconciles and notifies listeners, but runs no transforms', () => {
    const editor = strictEditor();
    let transformed = 0;
    editor.registerNodeTransform(TextNode, () => transformed++);
    const tags: string[][] = [];
    editor.registerUpdateListener(({ tags: updateTags }) => tags.push([...updateTags]));
    editor.setEditorState(editor.parseEditorState(documentOf(paragraph('saved'))), { tag: 'load-from-server' });
    assert.equal(textOf(editor), 'saved');
    assert.deepEqual(tags, [['load-from-server']]);
    assert.equal(transformed, 0);
  });

  test('an unknown type goes to onError; with an onError that only logs, parseEditorState does not throw', () => {
    const reported: string[] = [];
    const editor = createHeadlessEditor({ onError: (error) => reported.push(error.message) });
    const state = editor.parseEditorState(documentOf(callout, paragraph('after the callout')));
    assert.deepEqual(reported, ['parseEditorState: type "callout" + not found']);
    // Parsing stopped at the callout, the first child: nothing was kept.
    assert.equal(state.isEmpty(), true);
    // The failure surfaces only now, and with a different message.
    assert.throws(() => editor.setEditorState(state), /setEditorState: the editor state is empty/);
  });

  test('blocks before the unknown node are kept, the rest is silently dropped, and that partial state installs', () => {
    const reported: string[] = [];
    const editor = createHeadlessEditor({ onError: (error) => reported.push(error.message) });
    const state = editor.parseEditorState(documentOf(paragraph('kept'), callout, paragraph('lost')));
    assert.equal(reported.length, 1);
    assert.equal(state.isEmpty(), false);
    editor.setEditorState(state);
    assert.equal(textOf(editor), 'kept');
  });

  test('an onError that rethrows makes parseEditorState throw', () => {
    const editor = strictEditor();
    assert.throws(() => editor.parseEditorState(documentOf(callout)), /type "callout" \+ not found/);
  });

  test('without an onError in the config, errors are only logged', () => {
    const original = console.error;
    const logged: unknown[] = [];
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      // The default handler is picked up when the editor is created.
      const editor = createHeadlessEditor({});
      assert.equal(editor.parseEditorState(documentOf(callout)).isEmpty(), true);
    } finally {
      console.error = original;
    }
    assert.equal(logged.length, 1);
  });
});

describe('serialization.md: the Markdown transformer groups', () => {
  test('ELEMENT_TRANSFORMERS is headings, quotes, bullet and numbered lists; check lists are not in TRANSFORMERS', () => {
    assert.deepEqual(ELEMENT_TRANSFORMERS, [HEADING, QUOTE, UNORDERED_LIST, ORDERED_LIST]);
    assert.deepEqual(MULTILINE_ELEMENT_TRANSFORMERS, [CODE]);
    assert.deepEqual(TEXT_MATCH_TRANSFORMERS, [LINK]);
    assert.deepEqual(TRANSFORMERS, [...ELEMENT_TRANSFORMERS, ...MULTILINE_ELEMENT_TRANSFORMERS, ...TEXT_FORMAT_TRANSFORMERS, ...TEXT_MATCH_TRANSFORMERS]);
    assert.equal(TRANSFORMERS.includes(CHECK_LIST), false);
    assert.deepEqual([...new Set(TEXT_FORMAT_TRANSFORMERS.flatMap((t) => t.format))].sort(), ['bold', 'code', 'highlight', 'italic', 'strikethrough']);
  });

  const nodes = [HeadingNode, QuoteNode, ListNode, ListItemNode, CodeNode, LinkNode];
  const importChecklist = (transformers: Transformer[]) => {
    const editor = strictEditor({ nodes });
    editor.update(() => $convertFromMarkdownString('- [x] shipped\n- [ ] docs', transformers), { discrete: true });
    return editor.read(() => {
      const list = $getRoot().getFirstChild();
      return { type: $isListNode(list) ? list.getListType() : null, text: $getRoot().getTextContent() };
    });
  };
  const listTypeAfterImport = (transformers: Transformer[]) => importChecklist(transformers).type;

  test('with TRANSFORMERS alone, "- [x] shipped" becomes a bullet item whose text starts with "[x]"', () => {
    assert.deepEqual(importChecklist(TRANSFORMERS), { type: 'bullet', text: '[x] shipped\n\n[ ] docs' });
  });

  test('CHECK_LIST placed before UNORDERED_LIST makes a check list; placed after, the bullet transformer wins', () => {
    assert.equal(listTypeAfterImport([CHECK_LIST, ...TRANSFORMERS]), 'check');
    assert.equal(listTypeAfterImport([...TRANSFORMERS, CHECK_LIST]), 'bullet');
  });
});
