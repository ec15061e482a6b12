/**
 * What quick-start.md says about restoring JSON, checked against the installed packages: with the
 * page's `onError: console.error`-style handler, a saved document containing a node type the editor
 * does not register makes parseEditorState report the error and return what it could parse;
 * nothing throws until setEditorState is given an empty state.
 *
 * Run: node --import tsx --test content/docs/getting-started/quick-start.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHeadlessEditor } from '@lexical/headless';
import { $createHeadingNode, HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { textOf } from '../__tests__/headless';

/** JSON saved by an editor that registers HeadingNode, with a heading first. */
function savedWithHeading(): string {
  const writer = createHeadlessEditor({
    nodes: [HeadingNode, QuoteNode],
    onError: (error) => {
      throw error;
    },
  });
  writer.update(
    () => {
      $getRoot().append($createHeadingNode('h1').append($createTextNode('Welcome to Lexical')), $createParagraphNode().append($createTextNode('Body text')));
    },
    { discrete: true },
  );
  return JSON.stringify(writer.getEditorState());
}

describe('quick-start.md: restoring JSON with a node type that is not registered', () => {
  test('parseEditorState reports to onError and returns an empty state; setEditorState then throws', () => {
    const errors: Error[] = [];
    // Like the page's editor, but without HeadingNode in `nodes`, and logging instead of throwing.
    const editor = createHeadlessEditor({ namespace: 'QuickStartEditor', onError: (error) => errors.push(error) });

    const state = editor.parseEditorState(savedWithHeading());
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /type "heading" \+ not found/);
    assert.equal(state.isEmpty(), true);

    assert.throws(() => editor.setEditorState(state), /the editor state is empty/);
  });

  test('with HeadingNode registered, as on the page, the same JSON loads', () => {
    const editor = createHeadlessEditor({
      nodes: [HeadingNode, QuoteNode],
      onError: (error) => {
        throw error;
      },
    });
    editor.setEditorState(editor.parseEditorState(savedWithHeading()));
    assert.equal(textOf(editor), 'Welcome to Lexical\n\nBody text');
  });
});
