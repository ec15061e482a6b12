/** How a navbar item names the doc or sidebar it leads to, the same on the server and in the theme. */
export function docRef(type: 'doc' | 'docSidebar', pluginId: string | undefined, id: string): string {
  return `${type}:${pluginId && pluginId !== 'default' ? `${pluginId}/` : ''}${id}`;
}
