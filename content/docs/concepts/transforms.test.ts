/**
 * What transforms.md says about when node transforms run, checked against the installed lexical:
 * they run for changes made by updates, but not for a state installed with setEditorState (which is
 * how undo and redo restore), not for remote collaboration changes, and registering a transform
 * re-runs the class's transforms over existing nodes. Also: sibling dirtying.
 *
 * Run: node --import tsx --test content/docs/concepts/transforms.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $createParagraphNode, $createTextNode, $getRoot, ParagraphNode, TextNode, UNDO_COMMAND, type LexicalEditor } from 'lexical';
import { collaboratingPair, strictEditor, textOf } from '../__tests__/headless';

/** The rule the tests enforce: the word "foo" is always written "FOO". Counts its calls. */
function registerShout(editor: LexicalEditor): { calls: number } {
  const counter = { calls: 0 };
  editor.registerNodeTransform(TextNode, (node) => {
    counter.calls++;
    if (node.getTextContent() === 'foo') node.setTextContent('FOO');
  });
  return counter;
}

function $paragraph(text: string): ParagraphNode {
  return $createParagraphNode().append($createTextNode(text));
}

describe('transforms.md: when transforms run', () => {
  test('an ordinary update runs them, before the commit', () => {
    const editor = strictEditor();
    registerShout(editor);
    editor.update(() => $getRoot().append($paragraph('foo')), { discrete: true });
    assert.equal(textOf(editor), 'FOO');
  });

  test('undo restores a state that breaks the rule: history uses setEditorState, which runs no transforms', () => {
    const editor = strictEditor();
    registerHistory(editor, createEmptyHistoryState(), 0);
    editor.update(() => $getRoot().append($paragraph('foo')), { discrete: true });
    editor.update(() => $getRoot().getFirstDescendant<TextNode>()!.setTextContent('bar'), { discrete: true });
    // Registered now, the transform sees only "bar"; "foo" lives on in the undo stack.
    const shout = registerShout(editor);
    assert.equal(textOf(editor), 'bar');
    shout.calls = 0;

    editor.dispatchCommand(UNDO_COMMAND, undefined);
    assert.equal(textOf(editor), 'foo', 'undo brought back "foo" untransformed');
    assert.equal(shout.calls, 0, 'no transform ran for the restored state');

    // The next update that touches the node runs the transform on it.
    editor.update(() => $getRoot().getFirstDescendant<TextNode>()!.toggleFormat('bold'), { discrete: true });
    assert.equal(textOf(editor), 'FOO');
  });

  test('setEditorState (loading saved JSON) runs no transforms; registering any transform for the class re-runs them', () => {
    const source = strictEditor();
    source.update(() => $getRoot().append($paragraph('foo')), { discrete: true });
    const saved = JSON.stringify(source.getEditorState());

    const editor = strictEditor();
    const shout = registerShout(editor);
    let commits = 0;
    editor.registerUpdateListener(() => commits++);
    editor.setEditorState(editor.parseEditorState(saved));
    assert.equal(textOf(editor), 'foo');
    assert.equal(shout.calls, 0);
    assert.equal(commits, 1, 'listeners do run for setEditorState');

    // The page's remedy: registering (and at once removing) a no-op transform marks every TextNode dirty.
    editor.registerNodeTransform(TextNode, () => {})();
    assert.equal(textOf(editor), 'FOO');
  });

  test('a remote collaboration change arrives with skipTransforms: the receiving editor does not run its transforms', () => {
    const [a, b] = collaboratingPair();
    const shoutB = registerShout(b.editor);
    a.editor.update(() => $getRoot().append($paragraph('foo')), { discrete: true });
    assert.equal(textOf(b.editor), 'foo', 'the change reached B untransformed');
    assert.equal(shoutB.calls, 0);

    // A local edit in B touches the node, so B's transform runs, and its correction syncs back to A.
    b.editor.update(() => $getRoot().getFirstDescendant<TextNode>()!.toggleFormat('bold'), { discrete: true });
    assert.equal(textOf(b.editor), 'FOO');
    assert.equal(textOf(a.editor), 'FOO');
  });

  test('update(fn, { skipTransforms: true }) runs none', () => {
    const editor = strictEditor();
    const shout = registerShout(editor);
    editor.update(() => $getRoot().append($paragraph('foo')), { discrete: true, skipTransforms: true });
    assert.equal(textOf(editor), 'foo');
    assert.equal(shout.calls, 0);
  });
});

describe('transforms.md: which nodes are dirty', () => {
  function editorWithBlocks(): { editor: LexicalEditor; seen: string[] } {
    const editor = strictEditor();
    editor.update(
      () => {
        $getRoot().append(
          $createParagraphNode().append($createTextNode('one')),
          $createParagraphNode().append($createTextNode('two')),
          $createParagraphNode().append($createTextNode('three')),
        );
      },
      { discrete: true },
    );
    const seen: string[] = [];
    editor.registerNodeTransform(ParagraphNode, (node) => seen.push(`paragraph ${node.getTextContent()}`));
    editor.registerNodeTransform(TextNode, (node) => seen.push(`text ${node.getTextContent()}`));
    editor.read(() => {}); // commit the re-run that registration triggers
    seen.length = 0;
    return { editor, seen };
  }

  test('editing text inside a paragraph runs the text transform but not the paragraph transform', () => {
    const { editor, seen } = editorWithBlocks();
    editor.update(() => $getRoot().getFirstDescendant<TextNode>()!.setTextContent('ONE'), { discrete: true });
    assert.deepEqual(seen, ['text ONE']);
  });

  test('removing a block dirties its siblings (their sibling pointers change), so their transforms run', () => {
    const { editor, seen } = editorWithBlocks();
    editor.update(() => $getRoot().getChildAtIndex(1)!.remove(), { discrete: true });
    assert.deepEqual(seen.sort(), ['paragraph one', 'paragraph three']);
  });

  test('inserting a node dirties the neighbour it is linked to', () => {
    const { editor, seen } = editorWithBlocks();
    editor.update(() => $getRoot().getFirstChild()!.insertAfter($paragraph('new')), { discrete: true });
    assert.deepEqual(seen.sort(), ['paragraph new', 'paragraph one', 'paragraph two', 'text new']);
  });
});
