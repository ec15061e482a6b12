/**
 * What react.md says about changing content after the first render, checked against the installed
 * packages: the editor owns its state (it is uncontrolled). Feeding its own output back through
 * parseEditorState + setEditorState, as a controlled input would, is not a no-op: the selection is
 * dropped, every node is replaced by a new one, and undo gains a step.
 *
 * Run: node --import tsx --test content/docs/getting-started/react.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';
import { strictEditor, textOf, typeAtCaret } from '../__tests__/headless';

/** What a "controlled" wrapper does with each change: serialize it, then set it again. */
function feedBack(editor: LexicalEditor): void {
  const json = JSON.stringify(editor.getEditorState());
  editor.setEditorState(editor.parseEditorState(json));
}

describe('react.md: the editor is uncontrolled', () => {
  test('setting the editor its own state back drops the selection, replaces every node and adds an undo step', () => {
    const editor = strictEditor();
    const history = createEmptyHistoryState();
    registerHistory(editor, history, 0);
    editor.update(
      () => {
        const paragraph = $createParagraphNode().append($createTextNode('Hello'));
        $getRoot().append(paragraph);
        paragraph.selectEnd();
      },
      { discrete: true },
    );
    typeAtCaret(editor, ' world');
    const keysBefore = editor.read(() =>
      $getRoot()
        .getAllTextNodes()
        .map((node) => node.getKey()),
    );
    const undoStepsBefore = history.undoStack.length;

    feedBack(editor);

    assert.equal(textOf(editor), 'Hello world', 'same text...');
    assert.equal(
      editor.read(() => $getSelection()),
      null,
      '...but the caret is gone',
    );
    const keysAfter = editor.read(() =>
      $getRoot()
        .getAllTextNodes()
        .map((node) => node.getKey()),
    );
    assert.notDeepEqual(keysAfter, keysBefore, 'every node is new, so the DOM for it is rebuilt');
    assert.equal(history.undoStack.length, undoStepsBefore + 1, 'and undo now has a step that changes nothing');
  });

  test('changes made with editor.update() keep the selection and the nodes the change does not touch', () => {
    const editor = strictEditor();
    editor.update(
      () => {
        const paragraph = $createParagraphNode().append($createTextNode('Hello'));
        $getRoot().append(paragraph, $createParagraphNode().append($createTextNode('second')));
        paragraph.selectEnd();
      },
      { discrete: true },
    );
    const secondKey = editor.read(() => $getRoot().getLastChild()!.getKey());

    editor.update(
      () => {
        $getRoot()
          .getFirstChild()!
          .insertBefore($createParagraphNode().append($createTextNode('Title')));
      },
      { discrete: true },
    );

    assert.equal(textOf(editor), 'Title\n\nHello\n\nsecond');
    assert.ok(editor.read(() => $isRangeSelection($getSelection())));
    assert.equal(
      editor.read(() => $getRoot().getLastChild()!.getKey()),
      secondKey,
    );
  });
});
