// The live Lexical editor on the home page. Only EditorDemo imports this file, through import(), so
// Lexical lands in a chunk that the home route alone loads.
import { useCallback, useEffect, useState } from 'react';
import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type EditorThemeClasses,
  type LexicalEditor,
  type LexicalNode,
} from 'lexical';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { EDITOR_LABEL, EMPTY_TOOLBAR_STATE, EditorFrame, EditorToolbar, INITIAL_TEXT, type ToolbarAction, type ToolbarState } from './editor-view';

// Class names for the nodes Lexical renders; styled in content/css/home.css.
const theme: EditorThemeClasses = {
  paragraph: 'home-editor__paragraph',
  quote: 'home-editor__quote',
  heading: {
    h1: 'home-editor__h1',
    h2: 'home-editor__h2',
    h3: 'home-editor__h3',
  },
  list: {
    ul: 'home-editor__ul',
    ol: 'home-editor__ol',
    listitem: 'home-editor__listitem',
    nested: { listitem: 'home-editor__nested-listitem' },
  },
  text: {
    bold: 'home-editor__bold',
    italic: 'home-editor__italic',
    underline: 'home-editor__underline',
    strikethrough: 'home-editor__strikethrough',
    code: 'home-editor__code',
  },
};

function initialContent() {
  const paragraph = $createParagraphNode();
  paragraph.append($createTextNode(INITIAL_TEXT));
  $getRoot().append(paragraph);
}

const initialConfig: InitialConfigType = {
  namespace: 'docsite-home-demo',
  theme,
  nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode],
  editorState: initialContent,
  onError(error: Error) {
    // Surface the problem instead of leaving the editor in a broken state.
    throw error;
  },
};

/** The list type around a node, if it sits in a list. */
function listTypeOf(node: LexicalNode): string | null {
  for (let current: LexicalNode | null = node; current; current = current.getParent()) {
    if ($isListNode(current)) return current.getListType();
  }
  return null;
}

function readSelectionState(): Pick<ToolbarState, 'bold' | 'italic' | 'bullet' | 'number'> {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return { bold: false, italic: false, bullet: false, number: false };
  const listType = listTypeOf(selection.anchor.getNode());
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    bullet: listType === 'bullet',
    number: listType === 'number',
  };
}

function ToolbarPlugin() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(EMPTY_TOOLBAR_STATE);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read(readSelectionState);
          setState((previous) => ({ ...previous, ...next }));
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (canUndo) => {
            setState((previous) => ({ ...previous, canUndo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (canRedo) => {
            setState((previous) => ({ ...previous, canRedo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  const onAction = useCallback((action: ToolbarAction) => runAction(editor, action, state), [editor, state]);

  return <EditorToolbar state={state} onAction={onAction} />;
}

function runAction(editor: LexicalEditor, action: ToolbarAction, state: ToolbarState) {
  switch (action) {
    case 'bold':
    case 'italic':
      editor.dispatchCommand(FORMAT_TEXT_COMMAND, action);
      break;
    case 'bullet':
      editor.dispatchCommand(state.bullet ? REMOVE_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND, undefined);
      break;
    case 'number':
      editor.dispatchCommand(state.number ? REMOVE_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
      break;
    case 'undo':
      editor.dispatchCommand(UNDO_COMMAND, undefined);
      break;
    case 'redo':
      editor.dispatchCommand(REDO_COMMAND, undefined);
      break;
  }
}

/** Where the browser's selection was when the document last said it changed. */
type SeenSelection = Pick<Selection, 'anchorNode' | 'anchorOffset' | 'focusNode' | 'focusOffset'>;

function sameSelection(a: SeenSelection, b: SeenSelection): boolean {
  return a.anchorNode === b.anchorNode && a.anchorOffset === b.anchorOffset && a.focusNode === b.focusNode && a.focusOffset === b.focusOffset;
}

/**
 * Chromium can deliver a shortcut's keydown before the selectionchange event of the key pressed just
 * before it (input goes first on a busy page). Lexical applies Ctrl+B to the selection it last heard
 * of, so Shift+Home then Ctrl+B bolded nothing and left Bold pressed for the caret. Before a shortcut
 * reaches Lexical, a selection the browser has moved unannounced is announced, so Lexical reads it
 * from the page as it does for every selection change.
 */
function SelectionSyncPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const read = (): SeenSelection | null => {
      const selection = document.getSelection();
      return (
        selection && {
          anchorNode: selection.anchorNode,
          anchorOffset: selection.anchorOffset,
          focusNode: selection.focusNode,
          focusOffset: selection.focusOffset,
        }
      );
    };
    let seen = read();
    const onSelectionChange = () => {
      seen = read();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if ((!event.ctrlKey && !event.metaKey) || event.isComposing) return;
      const now = read();
      if (now && (!seen || !sameSelection(now, seen))) document.dispatchEvent(new Event('selectionchange'));
    };
    document.addEventListener('selectionchange', onSelectionChange);
    // In the capture phase, so it runs before Lexical's own keydown handler on the same element.
    const unregister = editor.registerRootListener((root, previous) => {
      previous?.removeEventListener('keydown', onKeyDown, true);
      root?.addEventListener('keydown', onKeyDown, true);
    });
    return () => {
      unregister();
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, [editor]);
  return null;
}

/** Marks the frame once Lexical owns the editable area, for people's tools and the site tests. */
function ReadyPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerRootListener((root, previous) => {
        previous?.removeAttribute('data-home-editor-ready');
        root?.setAttribute('data-home-editor-ready', '');
      }),
    [editor],
  );
  return null;
}

export default function LiveEditor() {
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorFrame toolbar={<ToolbarPlugin />}>
        <RichTextPlugin
          contentEditable={<ContentEditable className="home-editor__input" ariaLabel={EDITOR_LABEL} ariaMultiline />}
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <SelectionSyncPlugin />
        <ReadyPlugin />
      </EditorFrame>
    </LexicalComposer>
  );
}
