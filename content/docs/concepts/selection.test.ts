/**
 * What selection.md says about table selections, checked against the installed @lexical/table:
 * registerTablePlugin registers commands and transforms only; the part that watches tables in the
 * DOM and turns a drag across cells into a TableSelection is registerTableSelectionObserver, which
 * vanilla code must register as well (the React TablePlugin registers both).
 *
 * Run: node --import tsx --test content/docs/concepts/selection.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  $isTableNode,
  INSERT_TABLE_COMMAND,
  registerTablePlugin,
  registerTableSelectionObserver,
  TableCellNode,
  TableNode,
  TableRowNode,
} from '@lexical/table';
import { $createParagraphNode, $getRoot, createEditor, type LexicalEditor } from 'lexical';
import { strictEditor } from '../__tests__/headless';

const TABLE_NODES = [TableNode, TableRowNode, TableCellNode];

/** Records which node classes get a mutation listener (the hook into rendered DOM elements). */
function watchMutationListeners(editor: LexicalEditor): string[] {
  const classes: string[] = [];
  const original = editor.registerMutationListener.bind(editor);
  editor.registerMutationListener = (klass, listener, options) => {
    classes.push(klass.getType());
    return original(klass, listener, options);
  };
  return classes;
}

describe('selection.md: table selection needs registerTableSelectionObserver', () => {
  test('registerTablePlugin needs no DOM: it works in a headless editor, where tables can be inserted', () => {
    const editor = strictEditor({ nodes: TABLE_NODES });
    registerTablePlugin(editor);
    editor.update(
      () => {
        const paragraph = $createParagraphNode();
        $getRoot().append(paragraph);
        paragraph.select();
        editor.dispatchCommand(INSERT_TABLE_COMMAND, { columns: '2', rows: '2' });
      },
      { discrete: true },
    );
    assert.equal(
      editor.read(() => $getRoot().getChildren().some($isTableNode)),
      true,
    );
  });

  test('registerTableSelectionObserver observes rendered tables, so a headless editor refuses it', () => {
    const editor = strictEditor({ nodes: TABLE_NODES });
    assert.throws(() => registerTableSelectionObserver(editor), /registerMutationListener is not supported in headless mode/);
  });

  test('of the two, only the observer hooks into TableNode elements', () => {
    const pluginOnly = createEditor({
      nodes: TABLE_NODES,
      onError: (error) => {
        throw error;
      },
    });
    const hooked = watchMutationListeners(pluginOnly);
    registerTablePlugin(pluginOnly);
    assert.deepEqual(hooked, [], 'registerTablePlugin registers no mutation listener');

    const withObserver = createEditor({
      nodes: TABLE_NODES,
      onError: (error) => {
        throw error;
      },
    });
    const observed = watchMutationListeners(withObserver);
    registerTablePlugin(withObserver);
    registerTableSelectionObserver(withObserver);
    assert.deepEqual(observed, ['table']);
  });
});
