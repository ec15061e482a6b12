/**
 * The nesting rules of updates.md, checked against the installed lexical: what editor.update(),
 * editor.read() and editorState.read() do when called inside one another, and why their callbacks
 * must be synchronous.
 *
 * Run: node --import tsx --test content/docs/concepts/updates.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHeadlessEditor } from '@lexical/headless';
import { $createParagraphNode, $getRoot, type LexicalEditor } from 'lexical';
import { strictEditor } from '../__tests__/headless';

const blocks = (editor: LexicalEditor) => editor.getEditorState().read(() => $getRoot().getChildrenSize());

function recordingEditor(): { editor: LexicalEditor; errors: string[]; commits: number[] } {
  const errors: string[] = [];
  const editor = createHeadlessEditor({ onError: (error) => errors.push(error.message) });
  const commits: number[] = [];
  editor.registerUpdateListener(({ editorState }) => commits.push(editorState.read(() => $getRoot().getChildrenSize())));
  return { editor, errors, commits };
}

describe('updates.md: nesting rules', () => {
  test('update inside update: queued until the outer callback returns, then run in the same commit', () => {
    const { editor, commits } = recordingEditor();
    const log: string[] = [];
    editor.update(
      () => {
        editor.update(() => {
          log.push(`inner sees ${$getRoot().getChildrenSize()}`);
          $getRoot().append($createParagraphNode());
        });
        $getRoot().append($createParagraphNode());
        log.push('outer done');
      },
      { discrete: true },
    );
    assert.deepEqual(log, ['outer done', 'inner sees 1']);
    assert.deepEqual(commits, [2]);
  });

  test('$ functions inside an update see its pending changes; editorState.read() sees only that (committed) state', () => {
    const editor = strictEditor();
    editor.update(
      () => {
        $getRoot().append($createParagraphNode());
        assert.equal($getRoot().getChildrenSize(), 1);
        assert.equal(
          editor.getEditorState().read(() => $getRoot().getChildrenSize()),
          0,
        );
      },
      { discrete: true },
    );
    assert.equal(blocks(editor), 1);
  });

  test('editor.read() inside an update commits the unfinished update early, and the rest of it then fails', () => {
    const { editor, errors, commits } = recordingEditor();
    editor.update(
      () => {
        $getRoot().append($createParagraphNode());
        editor.read(() => $getRoot().getChildrenSize()); // don't: use $getRoot() directly
        $getRoot().append($createParagraphNode());
      },
      { discrete: true },
    );
    assert.equal(commits[0], 1, 'half of the update was committed, without transforms or the second paragraph');
    assert.equal(errors.length, 1, 'the second half hit a committed, frozen state');
    assert.equal(blocks(editor), 0, 'and the failed update was rolled back');
  });

  test('update inside a read: a separate update that runs at once; the read keeps its own snapshot', () => {
    const editor = strictEditor();
    const seen = editor.read(() => {
      editor.update(() => $getRoot().append($createParagraphNode()), { discrete: true });
      return $getRoot().getChildrenSize();
    });
    assert.equal(seen, 0);
    assert.equal(blocks(editor), 1);
  });

  test('mutating inside a read throws', () => {
    const editor = strictEditor();
    assert.throws(() => editor.read(() => $getRoot().append($createParagraphNode())), /read-only mode/);
  });
});

describe('updates.md: callbacks must be synchronous', () => {
  test('after an await inside an update callback there is no active editor, and later changes are lost', async () => {
    const { editor, errors } = recordingEditor();
    let afterAwait = '';
    editor.update(async () => {
      $getRoot().append($createParagraphNode());
      await Promise.resolve();
      try {
        $getRoot().append($createParagraphNode());
        afterAwait = 'appended';
      } catch (error) {
        afterAwait = (error as Error).message;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.match(afterAwait, /Unable to find an active editor state/);
    assert.equal(blocks(editor), 1, 'only the synchronous part was committed');
    assert.deepEqual(errors, [], 'the editor itself reported nothing: the lost change is silent');
  });
});
