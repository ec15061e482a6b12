/**
 * What commands.md says about handlers, checked against the installed lexical: an editor.update()
 * called inside a handler is queued and runs after the handler returns, within the same update and
 * commit (not in a later one); insertRawText turns "\n" into line breaks, while Enter in rich text
 * starts a new paragraph (and in plain text inserts a line break).
 *
 * Run: node --import tsx --test content/docs/concepts/commands.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { $insertDataTransferForRichText } from '@lexical/clipboard';
import { registerPlainText } from '@lexical/plain-text';
import { registerRichText } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  KEY_ENTER_COMMAND,
  type ElementNode,
  type LexicalEditor,
} from 'lexical';
import { strictEditor } from '../__tests__/headless';

/** Block types with their children's types, e.g. "paragraph[text,linebreak,text]". */
function shapeOf(editor: LexicalEditor): string[] {
  return editor.read(() =>
    $getRoot()
      .getChildren<ElementNode>()
      .map(
        (block) =>
          `${block.getType()}[${block
            .getChildren()
            .map((child) => child.getType())
            .join(',')}]`,
      ),
  );
}

function $insertAtCaret(text: string, raw = false): void {
  const selection = $getSelection();
  assert.ok($isRangeSelection(selection));
  if (raw) selection.insertRawText(text);
  else selection.insertText(text);
}

function editorWithEmptyParagraph(register: (editor: LexicalEditor) => () => void): LexicalEditor {
  const editor = strictEditor();
  register(editor);
  editor.update(
    () => {
      const paragraph = $createParagraphNode();
      $getRoot().append(paragraph);
      paragraph.select();
    },
    { discrete: true },
  );
  return editor;
}

describe('commands.md: editor.update() inside a handler', () => {
  test('runs after the handler returns, before dispatchCommand returns, in the same commit', () => {
    const editor = strictEditor();
    const log: string[] = [];
    editor.registerUpdateListener(() => log.push('commit'));
    const APPEND_COMMAND = createCommand<void>('APPEND_COMMAND');
    editor.registerCommand(
      APPEND_COMMAND,
      () => {
        editor.update(() => {
          log.push(`nested update runs, root has ${$getRoot().getChildrenSize()} children`);
          $getRoot().append($createParagraphNode());
        });
        log.push(`handler continues, root has ${$getRoot().getChildrenSize()} children`);
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );

    editor.update(
      () => {
        const handled = editor.dispatchCommand(APPEND_COMMAND, undefined);
        log.push(`dispatchCommand returned ${handled}`);
        $getRoot().append($createParagraphNode().append($createTextNode('after')));
      },
      { discrete: true },
    );

    assert.deepEqual(log, [
      'handler continues, root has 0 children',
      'dispatchCommand returned true',
      // Queued behind the outer update function, then run before the commit:
      'nested update runs, root has 1 children',
      'commit',
    ]);
    assert.equal(
      editor.read(() => $getRoot().getChildrenSize()),
      2,
    );
  });

  test('dispatched outside any update, the nested update still lands in the one commit the dispatch makes', () => {
    const editor = strictEditor();
    const log: string[] = [];
    let commits = 0;
    editor.registerUpdateListener(() => commits++);
    const APPEND_COMMAND = createCommand<void>('APPEND_COMMAND');
    editor.registerCommand(
      APPEND_COMMAND,
      () => {
        editor.update(() => {
          log.push('nested update');
          $getRoot().append($createParagraphNode());
        });
        log.push('handler returns');
        return true;
      },
      COMMAND_PRIORITY_EDITOR,
    );
    editor.dispatchCommand(APPEND_COMMAND, undefined);
    log.push('dispatchCommand returned');
    assert.deepEqual(log, ['handler returns', 'nested update', 'dispatchCommand returned']);
    assert.equal(
      editor.read(() => $getRoot().getChildrenSize()),
      1,
    );
    assert.equal(commits, 1);
  });
});

describe('commands.md: insertRawText and Enter', () => {
  test('insertRawText turns "\\n" into a LineBreakNode inside the current paragraph', () => {
    for (const register of [registerRichText, registerPlainText]) {
      const editor = editorWithEmptyParagraph(register);
      editor.update(() => $insertAtCaret('one\ntwo', true), { discrete: true });
      assert.deepEqual(shapeOf(editor), ['paragraph[text,linebreak,text]']);
    }
  });

  test('Enter in rich text starts a new paragraph, so raw text with newlines is not "just like typing"', () => {
    const editor = editorWithEmptyParagraph(registerRichText);
    editor.update(() => $insertAtCaret('one'), { discrete: true });
    editor.update(
      () => {
        editor.dispatchCommand(KEY_ENTER_COMMAND, null);
      },
      { discrete: true },
    );
    editor.update(() => $insertAtCaret('two'), { discrete: true });
    assert.deepEqual(shapeOf(editor), ['paragraph[text]', 'paragraph[text]']);
  });

  test('Enter in plain text inserts a line break, the same shape insertRawText makes', () => {
    const editor = editorWithEmptyParagraph(registerPlainText);
    editor.update(() => $insertAtCaret('one'), { discrete: true });
    editor.update(
      () => {
        editor.dispatchCommand(KEY_ENTER_COMMAND, null);
      },
      { discrete: true },
    );
    editor.update(() => $insertAtCaret('two'), { discrete: true });
    assert.deepEqual(shapeOf(editor), ['paragraph[text,linebreak,text]']);
  });

  test("rich text's own paste of plain text makes paragraphs, unlike insertRawText", () => {
    const editor = editorWithEmptyParagraph(registerRichText);
    // Only what the paste path reads: a clipboard holding nothing but text/plain.
    const clipboard = { getData: (type: string) => (type === 'text/plain' ? 'one\ntwo' : '') };
    editor.update(
      () => {
        const selection = $getSelection();
        assert.ok($isRangeSelection(selection));
        $insertDataTransferForRichText(clipboard as unknown as DataTransfer, selection, editor);
      },
      { discrete: true },
    );
    assert.deepEqual(shapeOf(editor), ['paragraph[text]', 'paragraph[text]']);
  });
});
