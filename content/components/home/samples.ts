// The code shown in the home page's examples. Written against lexical 0.33.1 and @lexical/react 0.33.1.

export const SETUP_SAMPLE = `import {LexicalComposer} from '@lexical/react/LexicalComposer';
import {ContentEditable} from '@lexical/react/LexicalContentEditable';
import {LexicalErrorBoundary} from '@lexical/react/LexicalErrorBoundary';
import {HistoryPlugin} from '@lexical/react/LexicalHistoryPlugin';
import {RichTextPlugin} from '@lexical/react/LexicalRichTextPlugin';

const initialConfig = {
  namespace: 'NotesEditor',
  // Class names Lexical puts on the DOM it renders.
  theme: {paragraph: 'notes-paragraph', text: {bold: 'notes-bold'}},
  onError(error: Error) {
    throw error;
  },
};

export function NotesEditor() {
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <RichTextPlugin
        contentEditable={<ContentEditable aria-label="Notes" />}
        ErrorBoundary={LexicalErrorBoundary}
      />
      <HistoryPlugin />
    </LexicalComposer>
  );
}
`;

export const FEATURES_SAMPLE = `import {
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
} from 'lexical';

export function addGreeting(editor: LexicalEditor) {
  // Every change happens inside an update; Lexical then
  // reconciles the DOM in one batch.
  editor.update(() => {
    const paragraph = $createParagraphNode();
    paragraph.append($createTextNode('Hello, ').toggleFormat('bold'));
    paragraph.append($createTextNode('world'));
    $getRoot().append(paragraph);
  });
}

export function watchText(editor: LexicalEditor) {
  // Returns a function that removes the listener.
  return editor.registerUpdateListener(({editorState}) => {
    editorState.read(() => {
      console.log($getRoot().getTextContent());
    });
  });
}

export function makeItalic(editor: LexicalEditor) {
  editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic');
}
`;

export const EXTEND_SAMPLE = `import {
  $applyNodeReplacement,
  $insertNodes,
  COMMAND_PRIORITY_EDITOR,
  TextNode,
  createCommand,
  type EditorConfig,
  type LexicalEditor,
  type SerializedTextNode,
} from 'lexical';

// A text node that renders with its own class name.
export class HighlightNode extends TextNode {
  static getType(): string {
    return 'highlight';
  }

  static clone(node: HighlightNode): HighlightNode {
    return new HighlightNode(node.__text, node.__key);
  }

  static importJSON(json: SerializedTextNode): HighlightNode {
    return $createHighlightNode().updateFromJSON(json);
  }

  createDOM(config: EditorConfig): HTMLElement {
    const element = super.createDOM(config);
    element.classList.add('highlight');
    return element;
  }
}

export function $createHighlightNode(text = ''): HighlightNode {
  return $applyNodeReplacement(new HighlightNode(text));
}

export const INSERT_HIGHLIGHT_COMMAND = createCommand<string>('INSERT_HIGHLIGHT');

// Add HighlightNode to initialConfig.nodes, then teach the editor the command.
export function registerHighlight(editor: LexicalEditor) {
  return editor.registerCommand(
    INSERT_HIGHLIGHT_COMMAND,
    (text) => {
      $insertNodes([$createHighlightNode(text)]);
      return true;
    },
    COMMAND_PRIORITY_EDITOR,
  );
}
`;
