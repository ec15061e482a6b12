/**
 * What nodes.mdx says about node fields and constructors, checked against the installed packages:
 * a field may hold a nested editor (the pattern behind image captions): new versions of the node
 * share it, its content travels through JSON, and @lexical/yjs syncs it as a subdocument; and
 * @lexical/yjs creates nodes on the receiving side by calling the constructor with no arguments.
 *
 * Run: node --import tsx --test content/docs/concepts/nodes.test.ts
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createHeadlessEditor } from '@lexical/headless';
import {
  $applyNodeReplacement,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  createEditor,
  DecoratorNode,
  type LexicalEditor,
  type LexicalNode,
  type LexicalUpdateJSON,
  type NodeKey,
  type SerializedEditor,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { collaborating, collaboratingPair, strictEditor, textOf } from '../__tests__/headless';

type SerializedCaptionedImageNode = Spread<{ src: string; caption: SerializedEditor }, SerializedLexicalNode>;

/** How many arguments each constructor call received. */
const constructorArities: number[] = [];

class CaptionedImageNode extends DecoratorNode<null> {
  __src: string;
  __caption: LexicalEditor;

  static getType(): string {
    return 'captioned-image';
  }

  static clone(node: CaptionedImageNode): CaptionedImageNode {
    // The nested editor is passed on, not copied: every version of the node shares it.
    return new CaptionedImageNode(node.__src, node.__caption, node.__key);
  }

  static importJSON(json: SerializedCaptionedImageNode): CaptionedImageNode {
    return $createCaptionedImageNode().updateFromJSON(json);
  }

  constructor(src = '', caption?: LexicalEditor, key?: NodeKey) {
    super(key);
    constructorArities.push(arguments.length);
    this.__src = src;
    this.__caption =
      caption ??
      createEditor({
        namespace: 'caption',
        onError: (error) => {
          throw error;
        },
      });
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  setSrc(src: string): this {
    const writable = this.getWritable();
    writable.__src = src;
    return writable;
  }

  updateFromJSON(json: LexicalUpdateJSON<SerializedCaptionedImageNode>): this {
    const node = super.updateFromJSON(json).setSrc(json.src);
    const caption = node.__caption.parseEditorState(json.caption.editorState);
    if (!caption.isEmpty()) node.__caption.setEditorState(caption);
    return node;
  }

  exportJSON(): SerializedCaptionedImageNode {
    return { ...super.exportJSON(), src: this.getSrc(), caption: this.__caption.toJSON() };
  }

  createDOM(): never {
    throw new Error('not rendered in these headless tests');
  }

  updateDOM(): false {
    return false;
  }

  decorate(): null {
    return null;
  }
}

function $createCaptionedImageNode(src = ''): CaptionedImageNode {
  return $applyNodeReplacement(new CaptionedImageNode(src));
}

function $isCaptionedImageNode(node: LexicalNode | null | undefined): node is CaptionedImageNode {
  return node instanceof CaptionedImageNode;
}

function writeCaption(caption: LexicalEditor, text: string): void {
  caption.update(
    () => {
      $getRoot()
        .clear()
        .append($createParagraphNode().append($createTextNode(text)));
    },
    { discrete: true },
  );
}

function $image(): CaptionedImageNode {
  const node = $getRoot().getFirstChild();
  assert.ok($isCaptionedImageNode(node));
  return node;
}

describe('nodes.mdx: a node field may hold a nested editor', () => {
  test('a new version of the node (made by a setter) shares the nested editor and its content', () => {
    const editor = strictEditor({ nodes: [CaptionedImageNode] });
    editor.update(() => $getRoot().append($createCaptionedImageNode('cat.png')), { discrete: true });
    const caption = editor.read(() => $image().__caption);
    writeCaption(caption, 'A cat');

    editor.update(() => $image().setSrc('dog.png'), { discrete: true });
    const after = editor.read(() => $image());
    assert.equal(after.__src, 'dog.png');
    assert.equal(after.__caption, caption, 'the clone holds the same editor instance');
    assert.equal(textOf(after.__caption), 'A cat');
  });

  test("the nested editor's content survives a JSON round trip through editor.toJSON() and parseEditorState()", () => {
    const editor = strictEditor({ nodes: [CaptionedImageNode] });
    editor.update(() => $getRoot().append($createCaptionedImageNode('cat.png')), { discrete: true });
    writeCaption(
      editor.read(() => $image().__caption),
      'A cat',
    );
    const saved = JSON.stringify(editor.getEditorState());

    const restored = strictEditor({ nodes: [CaptionedImageNode] });
    restored.setEditorState(restored.parseEditorState(saved));
    const image = restored.read(() => $image());
    assert.equal(image.__src, 'cat.png');
    assert.equal(textOf(image.__caption), 'A cat');
  });

  test('@lexical/yjs syncs the nested editor as a subdocument, registered in the doc map under its key', () => {
    const [a, b] = collaboratingPair({ nodes: [CaptionedImageNode] });
    a.editor.update(() => $getRoot().append($createCaptionedImageNode('cat.png')), { discrete: true });
    const captionA = a.editor.read(() => $image().__caption);
    const captionB = b.editor.read(() => $image().__caption);
    assert.equal(a.docMap.size, 2);
    assert.equal(b.docMap.size, 2);
    assert.ok(a.docMap.has(captionA.getKey()), "A's map has a subdocument under its nested editor's key");
    assert.ok(b.docMap.has(captionB.getKey()), 'B received a nested editor of its own, keyed the same way');
    assert.equal(captionA.getKey(), captionB.getKey());
  });
});

describe('nodes.mdx: constructors must work with no arguments', () => {
  test('@lexical/yjs creates the receiving copy of a node with `new Klass()`', () => {
    const [a, b] = collaboratingPair({ nodes: [CaptionedImageNode] });
    constructorArities.length = 0;
    // The change reaches B during A's commit; B's binding builds its copy of the node.
    a.editor.update(() => $getRoot().append($createCaptionedImageNode('cat.png')), { discrete: true });
    // A's $create call passes one argument; clones (made by getWritable) pass three.
    assert.deepEqual(
      constructorArities.filter((arity) => arity !== 3),
      [1, 0],
    );
    assert.equal(
      b.editor.read(() => $image().getSrc()),
      'cat.png',
      'fields are then filled in from the shared document',
    );
  });

  test('a constructor with a required argument breaks collaboration: the receiving editor cannot build the node', () => {
    class NeedyNode extends DecoratorNode<null> {
      __src: string;
      static getType(): string {
        return 'needy';
      }
      static clone(node: NeedyNode): NeedyNode {
        return new NeedyNode(node.__src, node.__key);
      }
      static importJSON(json: Spread<{ src: string }, SerializedLexicalNode>): NeedyNode {
        return new NeedyNode(json.src);
      }
      constructor(src: string, key?: NodeKey) {
        super(key);
        if (typeof src !== 'string') throw new Error('NeedyNode: src is required');
        this.__src = src;
      }
      createDOM(): never {
        throw new Error('not rendered in these headless tests');
      }
      updateDOM(): false {
        return false;
      }
      decorate(): null {
        return null;
      }
    }
    const errorsOnB: string[] = [];
    const [a, b] = collaborating(
      strictEditor({ nodes: [NeedyNode] }),
      createHeadlessEditor({ nodes: [NeedyNode], onError: (error) => errorsOnB.push(error.message) }),
    );
    a.editor.update(() => $getRoot().append(new NeedyNode('cat.png')), { discrete: true });
    assert.equal(
      a.editor.read(() => $getRoot().getChildrenSize()),
      1,
    );
    assert.deepEqual(errorsOnB, ['NeedyNode: src is required']);
    const typesOnB = b.editor.read(() =>
      $getRoot()
        .getChildren()
        .map((node) => node.getType()),
    );
    assert.ok(!typesOnB.includes('needy'), `the node never reached B, which holds ${JSON.stringify(typesOnB)}`);
  });
});
