/**
 * A locale's sidebars with the labels of its docs translation file
 * (i18n/<locale>/docusaurus-plugin-content-docs/<version folder>.json): a category's label under
 * `sidebar.<sidebar>.category.<label>`, a link's under `sidebar.<sidebar>.link.<label>`. A doc's
 * label comes from its translated file's front matter or title.
 */
import type { SidebarNode } from '../../core/sidebars';
import type { Messages } from '../../content/translations';

export function translateSidebars(sidebars: Map<string, SidebarNode[]>, messages: Messages | undefined): Map<string, SidebarNode[]> {
  if (!messages || Object.keys(messages).length === 0) return sidebars;
  const translateNodes = (name: string, nodes: SidebarNode[]): SidebarNode[] =>
    nodes.map((node) => {
      if (node.type === 'category')
        return { ...node, label: messages[`sidebar.${name}.category.${node.label}`] ?? node.label, items: translateNodes(name, node.items) };
      return node.docId ? node : { ...node, label: messages[`sidebar.${name}.link.${node.label}`] ?? node.label };
    });
  return new Map([...sidebars].map(([name, nodes]) => [name, translateNodes(name, nodes)]));
}
