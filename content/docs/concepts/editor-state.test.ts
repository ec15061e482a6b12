/**
 * What editor-state.md says about selections travelling with states, checked against the installed
 * lexical: setEditorState installs the selection stored in the state (on a page, placing it moves
 * focus into the editor); state.clone(null) gives the same document without one; parsed JSON never
 * carries a selection.
 *
 * Run: node --import tsx --test content/docs/concepts/editor-state.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isRangeSelection } from 'lexical';
import { strictEditor, textOf } from '../__tests__/headless';

function editorWithCaret() {
  const editor = strictEditor();
  editor.update(
    () => {
      const paragraph = $createParagraphNode().append($createTextNode('Draft'));
      $getRoot().append(paragraph);
      paragraph.selectEnd();
    },
    { discrete: true },
  );
  return editor;
}

describe('editor-state.md: states carry their selection', () => {
  test('a state taken from getEditorState() brings its selection back with setEditorState', () => {
    const editor = editorWithCaret();
    const snapshot = editor.getEditorState();
    editor.update(() => $getRoot().clear().append($createParagraphNode()), { discrete: true });
    editor.setEditorState(snapshot);
    assert.equal(textOf(editor), 'Draft');
    assert.ok(editor.read(() => $isRangeSelection($getSelection())));
  });

  test('clone(null) installs the same document with no selection, so nothing asks for focus', () => {
    const editor = editorWithCaret();
    const snapshot = editor.getEditorState();
    editor.setEditorState(snapshot.clone(null));
    assert.equal(textOf(editor), 'Draft');
    assert.equal(
      editor.read(() => $getSelection()),
      null,
    );
    assert.ok($isRangeSelection(snapshot.read(() => $getSelection())), 'the original state is unchanged');
  });

  test('a state parsed from JSON has no selection', () => {
    const editor = editorWithCaret();
    const parsed = editor.parseEditorState(JSON.stringify(editor.getEditorState()));
    assert.equal(
      parsed.read(() => $getSelection()),
      null,
    );
  });
});
