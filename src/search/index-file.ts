/**
 * The embedded search index: the build's records folded into pages and sections (what many records
 * share written once) and a MiniSearch index over the sections, as one JSON file that the browser
 * loads on the first interaction with search (MiniSearch's postings, written by `packed-builder.ts`).
 */
import type { IndexedSection } from '../shared/search/options';
import type { SearchIndexFile, SearchRecord } from '../shared/search/types';
import { buildPackedIndex } from './packed-builder';

const LEVEL = { lvl1: 1, lvl2: 2, lvl3: 3, lvl4: 4, lvl5: 5, lvl6: 6 } as const;

/** `origin` is the site's URL with its base (`https://lexical.dev/`): page URLs are stored relative to it. */
export function createSearchIndexFile(records: readonly SearchRecord[], origin: string): string {
  const file: SearchIndexFile = { v: 1, origin, languages: [], tags: [], pages: [], sections: [], index: { fields: [], averageFieldLength: [], fieldLength: [], terms: [] } };
  const position = (list: string[], value: string) => {
    const at = list.indexOf(value);
    return at >= 0 ? at : list.push(value) - 1;
  };
  const documents: IndexedSection[] = [];
  let page = -1;
  let pageUrl: string | undefined;
  // The section open at each level of the current page.
  let open: number[] = [];
  for (const record of records) {
    if (record.url_without_anchor !== pageUrl) {
      pageUrl = record.url_without_anchor;
      const url = pageUrl.startsWith(origin) ? pageUrl.slice(origin.length) : pageUrl;
      page = file.pages.push([url, record.hierarchy.lvl0 ?? '', position(file.languages, record.language), position(file.tags, record.docusaurus_tag), record.version, record.weight.pageRank]) - 1;
      open = [];
    }
    if (record.type === 'content') {
      const deepest = [6, 5, 4, 3, 2, 1].find((level) => record.hierarchy[`lvl${level}` as keyof typeof record.hierarchy] !== null && open[level] !== undefined);
      const section = deepest === undefined ? undefined : open[deepest];
      if (section === undefined) continue;
      file.sections[section]![5].push(record.content ?? '');
      documents[section]!.text += `${record.content ?? ''}\n`;
      continue;
    }
    const level = LEVEL[record.type];
    const parentLevel = [5, 4, 3, 2, 1].find((candidate) => candidate < level && open[candidate] !== undefined);
    const parent = parentLevel === undefined ? -1 : open[parentLevel]!;
    const text = record.hierarchy[record.type] ?? '';
    const id = file.sections.push([page, level, text, record.anchor, parent, []]) - 1;
    open.length = level;
    open[level] = id;
    const titles: string[] = [];
    for (let above = parent; above >= 0; above = file.sections[above]![4]) titles.unshift(file.sections[above]![2]);
    documents.push({ id, title: text, titles: titles.join('\n'), text: '' });
  }
  file.index = buildPackedIndex(documents);
  return JSON.stringify(file);
}
