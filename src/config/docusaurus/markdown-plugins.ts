/**
 * The site's own remark, rehype and recma plugins in a Docusaurus config: each list goes to docsite's
 * option of the same name, where the MDX compiler runs it. `@docusaurus/remark-plugin-npm2yarn` is
 * answered by a stand-in the lists leave out, as docsite converts npm2yarn fences itself.
 */
import { to, type Rule } from './rules';

const BUILT_IN = 'docsiteBuiltIn';

/** A content plugin's five lists, by option name. */
export const PLUGIN_LISTS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins', 'recmaPlugins'] as const;

/** The stand-in module a config's import of each package gets, by package name. */
export const PLUGIN_STUBS: Record<string, string> = {
  '@docusaurus/remark-plugin-npm2yarn': `function npm2yarn() {}\nnpm2yarn.${BUILT_IN} = 'npm2yarn';\nmodule.exports = npm2yarn;\n`,
};

/** Whether a list entry (`plugin` or `[plugin, options]`) is a stand-in for what docsite does itself. */
function isBuiltIn(entry: unknown): boolean {
  const plugin = Array.isArray(entry) ? entry[0] : entry;
  return typeof plugin === 'function' && BUILT_IN in plugin;
}

/** A list of plugins, copied to docsite's option `dotted` without the stand-ins; docsite's schema checks its entries. */
export function pluginList(dotted: string): Rule {
  const rule = to(dotted, (value) => (Array.isArray(value) ? value.filter((entry) => !isBuiltIn(entry)) : value));
  return { docsite: `${dotted} (npm2yarn is docsite's own)`, apply: rule.apply };
}
