/**
 * What creating-plugin.md says about the emoticon transform, checked against the installed
 * packages: the transform converts emoticons in content that updates write (typing, paste, other
 * plugins), but not in a state installed with setEditorState, which is also how undo restores.
 *
 * Run: node --import tsx --test content/docs/getting-started/creating-plugin.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { registerRichText } from '@lexical/rich-text';
import { $createParagraphNode, $createTextNode, $getRoot, TextNode, UNDO_COMMAND, type LexicalEditor } from 'lexical';
import { strictEditor, textOf, typeAtCaret } from '../__tests__/headless';

/** The page's transform, reduced to one emoticon and plain text instead of an EmojiNode. */
function registerSmiley(editor: LexicalEditor): () => void {
  return editor.registerNodeTransform(TextNode, (node) => {
    const text = node.getTextContent();
    if (text.includes(':)')) node.setTextContent(text.replace(':)', '🙂'));
  });
}

describe('creating-plugin.md: where the transform applies', () => {
  test('typed text is converted in the same update', () => {
    const editor = strictEditor();
    registerRichText(editor);
    registerSmiley(editor);
    editor.update(
      () => {
        const paragraph = $createParagraphNode();
        $getRoot().append(paragraph);
        paragraph.select();
      },
      { discrete: true },
    );
    typeAtCaret(editor, 'Hello :)');
    assert.equal(textOf(editor), 'Hello 🙂');
  });

  test('a loaded document keeps its emoticons', () => {
    const source = strictEditor();
    source.update(() => $getRoot().append($createParagraphNode().append($createTextNode('Saved :)'))), { discrete: true });
    const editor = strictEditor();
    registerSmiley(editor);
    editor.setEditorState(editor.parseEditorState(JSON.stringify(source.getEditorState())));
    assert.equal(textOf(editor), 'Saved :)');
  });

  test('undo brings back text the transform never saw', () => {
    const editor = strictEditor();
    registerHistory(editor, createEmptyHistoryState(), 0);
    editor.update(() => $getRoot().append($createParagraphNode().append($createTextNode('Old :)'))), { discrete: true });
    editor.update(() => $getRoot().getFirstDescendant<TextNode>()!.setTextContent('New'), { discrete: true });
    registerSmiley(editor);
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    assert.equal(textOf(editor), 'Old :)');
  });
});
