/**
 * Helpers for the headless tests that sit beside the guide pages (`*.test.ts`). Nothing here is a
 * page: the docs scan ignores `__tests__` folders and `*.test.*` files.
 */
import assert from 'node:assert/strict';
import { createHeadlessEditor } from '@lexical/headless';
import { createBinding, syncLexicalUpdateToYjs, syncYjsChangesToLexical, type Binding, type Provider } from '@lexical/yjs';
import { $getRoot, $getSelection, $isRangeSelection, type CreateEditorArgs, type LexicalEditor } from 'lexical';
import * as Y from 'yjs';

/** A headless editor whose errors are thrown, so a failing update fails the test. */
export function strictEditor(config: Omit<CreateEditorArgs, 'onError'> = {}): LexicalEditor {
  return createHeadlessEditor({
    ...config,
    onError: (error) => {
      throw error;
    },
  });
}

/** The plain text of an editor's latest state (pending updates are committed first). */
/** Types `text` at the caret, as a keyboard would, in one discrete update. */
export function typeAtCaret(editor: LexicalEditor, text: string): void {
  editor.update(
    () => {
      const selection = $getSelection();
      assert.ok($isRangeSelection(selection));
      selection.insertText(text);
    },
    { discrete: true },
  );
}

export function textOf(editor: LexicalEditor): string {
  return editor.read(() => $getRoot().getTextContent());
}

/** A provider for a binding that is never networked. */
export function offlineProvider(): Provider {
  const noop = () => {};
  return {
    awareness: {
      getLocalState: () => null,
      getStates: () => new Map(),
      off: noop,
      on: noop,
      setLocalState: noop,
      setLocalStateField: noop,
    },
    connect: noop,
    disconnect: noop,
    off: noop,
    on: noop,
  };
}

/**
 * Yjs warns "Invalid access: Add Yjs type to a document before reading data." when @lexical/yjs reads
 * a shared type it has just created, before the type is inserted into the document. The warning is
 * expected there and says nothing about the tests, so only that message is dropped.
 */
function withoutPrematureReadWarnings<T>(fn: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Invalid access: Add Yjs type to a document')) warn(...args);
  };
  try {
    return fn();
  } finally {
    console.warn = warn;
  }
}

export interface BoundEditor {
  editor: LexicalEditor;
  doc: Y.Doc;
  binding: Binding;
  /** The binding's map of Y.Docs: the editor's own under 'main', plus one per nested editor. */
  docMap: Map<string, Y.Doc>;
}

/**
 * Binds a headless editor to a Y.Doc the way CollaborationPlugin does: local commits are written to
 * the doc, and changes that arrive in the doc from elsewhere are applied with syncYjsChangesToLexical.
 */
export function bindToYjs(editor: LexicalEditor, doc: Y.Doc): BoundEditor {
  const provider = offlineProvider();
  const docMap = new Map([['main', doc]]);
  const binding = createBinding(editor, provider, 'main', doc, docMap);
  binding.root.getSharedType().observeDeep((events, transaction) => {
    if (transaction.origin !== binding) {
      // The last argument replaces the cursor renderer, which needs a DOM.
      withoutPrematureReadWarnings(() => syncYjsChangesToLexical(binding, provider, events, false, () => {}));
    }
  });
  editor.registerUpdateListener(({ prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags }) => {
    withoutPrematureReadWarnings(() =>
      syncLexicalUpdateToYjs(binding, provider, prevEditorState, editorState, dirtyElements, dirtyLeaves, normalizedNodes, tags),
    );
  });
  return { editor, doc, binding, docMap };
}

/**
 * Two collaborating headless editors: each Y.Doc update is applied to the other doc at once, as a
 * provider would deliver it, so a change committed in one editor arrives in the other synchronously.
 */
export function collaboratingPair(config: Omit<CreateEditorArgs, 'onError'> = {}): [BoundEditor, BoundEditor] {
  return collaborating(strictEditor(config), strictEditor(config));
}

/** Like collaboratingPair, for two editors made by the caller. */
export function collaborating(editorA: LexicalEditor, editorB: LexicalEditor): [BoundEditor, BoundEditor] {
  const docA = new Y.Doc();
  const docB = new Y.Doc();
  const REMOTE = 'remote';
  docA.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) Y.applyUpdate(docB, update, REMOTE);
  });
  docB.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) Y.applyUpdate(docA, update, REMOTE);
  });
  return [bindToYjs(editorA, docA), bindToYjs(editorB, docB)];
}
