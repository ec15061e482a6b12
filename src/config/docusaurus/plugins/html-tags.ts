/**
 * HTML tags as Docusaurus takes them (a string of markup, or `{ tagName, attributes, innerHTML }`)
 * written out as markup: for the config's scripts, stylesheets and headTags, and for what a plugin's
 * injectHtmlTags returns.
 */

export interface HtmlTags {
  head: string[];
  preBody: string[];
  postBody: string[];
}

export const emptyHtmlTags = (): HtmlTags => ({ head: [], preBody: [], postBody: [] });

/** Elements that have no closing tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** One tag as markup; throws with what is wrong when it is neither markup nor a tag object. */
export function tagHtml(tag: unknown): string {
  if (typeof tag === 'string') return tag;
  if (!tag || typeof tag !== 'object') throw new Error(`a tag must be a string of HTML or { tagName, attributes, innerHTML }, not ${JSON.stringify(tag)}`);
  const { tagName, attributes = {}, innerHTML } = tag as { tagName?: unknown; attributes?: unknown; innerHTML?: unknown };
  if (typeof tagName !== 'string' || !/^[a-zA-Z][a-zA-Z0-9-]*$/.test(tagName))
    throw new Error(`a tag's tagName must be an element name, not ${JSON.stringify(tagName)}`);
  if (!attributes || typeof attributes !== 'object') throw new Error(`the attributes of <${tagName}> must be an object`);
  const attrs = Object.entries(attributes as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== false)
    .map(([name, value]) => {
      if (!/^[^\s"'<>/=]+$/.test(name)) throw new Error(`<${tagName}> has an attribute named ${JSON.stringify(name)}, which is not an attribute name`);
      return value === true ? ` ${name}` : ` ${name}="${escapeAttribute(String(value))}"`;
    })
    .join('');
  if (VOID.has(tagName.toLowerCase())) return `<${tagName}${attrs}>`;
  return `<${tagName}${attrs}>${typeof innerHTML === 'string' ? innerHTML : ''}</${tagName}>`;
}

/** A `scripts` entry of the config: a URL, or `{ src, ...attributes }`. */
export function scriptTag(entry: unknown): string {
  if (typeof entry === 'string') return tagHtml({ tagName: 'script', attributes: { src: entry } });
  if (entry && typeof entry === 'object' && typeof (entry as { src?: unknown }).src === 'string') return tagHtml({ tagName: 'script', attributes: entry });
  throw new Error('a script is a URL or an object with a `src`');
}

/** A `themeConfig.metadata` entry: the attributes of one `<meta>` (`{ name, content }`, `{ property, content }`...). */
export function metaTag(entry: unknown): string {
  if (entry && typeof entry === 'object' && !Array.isArray(entry)) return tagHtml({ tagName: 'meta', attributes: entry });
  throw new Error('a metadata entry is an object of <meta> attributes, such as { name, content }');
}

/** A `stylesheets` entry of the config: a URL, or `{ href, ...attributes }`. */
export function stylesheetTag(entry: unknown): string {
  if (typeof entry === 'string') return tagHtml({ tagName: 'link', attributes: { rel: 'stylesheet', href: entry } });
  if (entry && typeof entry === 'object' && typeof (entry as { href?: unknown }).href === 'string')
    return tagHtml({ tagName: 'link', attributes: { rel: 'stylesheet', ...(entry as object) } });
  throw new Error('a stylesheet is a URL or an object with an `href`');
}

/** What injectHtmlTags returned, added to `into`: each of headTags, preBodyTags and postBodyTags a tag or a list of them. */
export function addInjectedTags(into: HtmlTags, returned: unknown): void {
  if (returned === undefined || returned === null) return;
  if (typeof returned !== 'object') throw new Error('injectHtmlTags must return { headTags, preBodyTags, postBodyTags }');
  const tags = returned as { headTags?: unknown; preBodyTags?: unknown; postBodyTags?: unknown };
  const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  into.head.push(...list(tags.headTags).map(tagHtml));
  into.preBody.push(...list(tags.preBodyTags).map(tagHtml));
  into.postBody.push(...list(tags.postBodyTags).map(tagHtml));
}
