/** Reads the ids and internal link targets out of rendered HTML, for the link and anchor checks. */
import { Parser } from 'htmlparser2';

export interface HtmlRefs {
  ids: string[];
  links: string[];
}

export function collectHtmlRefs(html: string): HtmlRefs {
  const ids: string[] = [];
  const links: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.id) ids.push(attributes.id);
      if (name === 'a' && attributes.name) ids.push(attributes.name);
      if (name === 'a' && attributes.href !== undefined && !attributes.target?.startsWith('_blank') && attributes['data-nocheck'] === undefined) {
        links.push(attributes.href);
      }
    },
  });
  parser.write(html);
  parser.end();
  return { ids, links };
}
