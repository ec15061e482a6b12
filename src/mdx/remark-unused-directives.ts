/**
 * Gives back the literal text of directives nobody claimed. remark-directive reads `a:b`, `10:30`
 * or `::name` in plain prose as directives; prose must come out exactly as written.
 */
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { LeafDirective, TextDirective, ContainerDirective } from 'mdast-util-directive';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

export function remarkUnusedDirectives() {
  return (tree: Root, file: VFile): void => {
    const source = String(file.value);
    const touched = new Set<Parent>();
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      let replacement: RootContent[];
      if (node.type === 'textDirective') replacement = inlineSource(node, source, ':');
      else if (node.type === 'containerDirective') replacement = containerSource(node, source);
      else if (node.type === 'leafDirective') {
        const restored = paragraph(inlineSource(node, source, '::'));
        touched.add(restored);
        replacement = [restored];
      } else return;
      (parent.children as RootContent[]).splice(index, 1, ...replacement);
      touched.add(parent);
      // Revisit from the first replacement: the directive's children may hold directives too.
      return [SKIP, index];
    });
    for (const parent of touched) mergeTexts(parent);
  };
}

/** The directive's own syntax as text around its (already parsed) label content. */
function inlineSource(node: TextDirective | LeafDirective, source: string, marker: string): PhrasingContent[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return [text(marker + node.name), ...node.children];
  const first = node.children[0]?.position?.start.offset;
  const last = node.children.at(-1)?.position?.end.offset;
  if (first === undefined || last === undefined) return [text(source.slice(start, end))];
  return [text(source.slice(start, first)), ...node.children, text(source.slice(last, end))];
}

function containerSource(node: ContainerDirective, source: string): RootContent[] {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? start;
  const lineEnd = source.indexOf('\n', start);
  const opening = source.slice(start, lineEnd < 0 || lineEnd > end ? end : lineEnd).trimEnd();
  const lastLine = source.slice(source.lastIndexOf('\n', end - 1) + 1, end);
  const closed = lineEnd >= 0 && lineEnd < end && /^[ \t]*:{3,}[ \t]*$/.test(lastLine);
  const body = node.children.filter((child) => !(child.type === 'paragraph' && child.data?.directiveLabel));
  return [paragraph([text(opening)]), ...body, ...(closed ? [paragraph([text(lastLine.trim())])] : [])];
}

function text(value: string): Text {
  return { type: 'text', value };
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return { type: 'paragraph', children };
}

function mergeTexts(parent: Parent): void {
  const merged: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    const previous = merged.at(-1);
    if (previous?.type === 'text' && child.type === 'text') {
      merged.push({ type: 'text', value: previous.value + child.value, position: spanOf(previous, child) });
      merged.splice(-2, 1);
    } else {
      merged.push(child);
    }
  }
  (parent as { children: RootContent[] }).children = merged;
}

function spanOf(a: Text, b: Text): Text['position'] {
  return a.position && b.position ? { start: a.position.start, end: b.position.end } : undefined;
}
