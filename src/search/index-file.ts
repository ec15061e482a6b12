/**
 * The embedded search index as JSON (a shard, see index-shards.ts, or one file for all): the build's
 * records folded into pages and sections and a MiniSearch index over the sections (packed-builder.ts).
 * It is written from parts, one per page, so a build after an edit cuts into terms only the pages
 * that changed.
 */
import type { SearchIndexFile, SearchIndexShard, SearchRecord } from '../shared/search/types';
import { countTerms, packTerms, type TermCounts } from './packed-builder';

const LEVEL = { lvl1: 1, lvl2: 2, lvl3: 3, lvl4: 4, lvl5: 5, lvl6: 6 } as const;

/**
 * A run of records with one `url_without_anchor` (a page's): its facets, its sections and their terms.
 * What a page gives the index depends on that page's records alone, so a build keeps each page's part
 * with the page (the render cache). Numbering the sections, listing languages and tags, and the
 * postings are done over all parts, in page order, the same way whether a part was made now or kept:
 * the same records give the same file, byte for byte.
 */
export interface SearchPagePart {
  /** The page's absolute URL, without anchor. */
  url: string;
  lvl0: string;
  language: string;
  tag: string;
  version: string[];
  pageRank: number;
  /** [level 1..6, heading text, anchor (or null), parent section within the part (or -1), content texts]. */
  sections: [level: number, text: string, anchor: string | null, parent: number, contents: string[]][];
  /**
   * The sections' terms as the index counts them (TermCounts), the terms joined by line breaks, which
   * no term holds: a page's terms are then one string to keep and read back, not thousands.
   */
  terms: string;
  counts: number[];
  lengths: number[];
  /** How many records the part was made from. */
  records: number;
}

/** `origin` is the site's URL with its base (`https://lexical.dev/`): page URLs are stored relative to it. */
export function createSearchIndexFile(records: readonly SearchRecord[], origin: string): string {
  return assembleSearchIndexFile(searchPageParts(records), origin);
}

/**
 * The parts of `records`, one per run of records sharing a URL (a page's records make one run); a
 * content record under no heading is left out. `termsOfWord` keeps what each word was cut into.
 */
export function searchPageParts(records: readonly SearchRecord[], termsOfWord = new Map<string, string[]>()): SearchPagePart[] {
  const parts: SearchPagePart[] = [];
  let part: SearchPagePart | undefined;
  const documents: { title: string; titles: string; text: string }[] = [];
  // The section open at each level of the current page.
  let open: number[] = [];
  const finish = () => {
    if (part) {
      const counted = countTerms(documents, termsOfWord);
      part.terms = counted.terms.join('\n');
      part.counts = counted.counts;
      part.lengths = counted.lengths;
    }
    documents.length = 0;
  };
  for (const record of records) {
    if (record.url_without_anchor !== part?.url) {
      finish();
      part = {
        url: record.url_without_anchor,
        lvl0: record.hierarchy.lvl0 ?? '',
        language: record.language,
        tag: record.docusaurus_tag,
        version: record.version,
        pageRank: record.weight.pageRank,
        sections: [],
        terms: '',
        counts: [],
        lengths: [],
        records: 0,
      };
      parts.push(part);
      open = [];
    }
    part.records++;
    if (record.type === 'content') {
      const deepest = [6, 5, 4, 3, 2, 1].find(
        (level) => record.hierarchy[`lvl${level}` as keyof typeof record.hierarchy] !== null && open[level] !== undefined,
      );
      const section = deepest === undefined ? undefined : open[deepest];
      if (section === undefined) continue;
      part.sections[section]![4].push(record.content ?? '');
      documents[section]!.text += `${record.content ?? ''}\n`;
      continue;
    }
    const level = LEVEL[record.type];
    const parentLevel = [5, 4, 3, 2, 1].find((candidate) => candidate < level && open[candidate] !== undefined);
    const parent = parentLevel === undefined ? -1 : open[parentLevel]!;
    const text = record.hierarchy[record.type] ?? '';
    const id = part.sections.push([level, text, record.anchor, parent, []]) - 1;
    open.length = level;
    open[level] = id;
    const titles: string[] = [];
    for (let above = parent; above >= 0; above = part.sections[above]![3]) titles.unshift(part.sections[above]![1]);
    documents.push({ title: text, titles: titles.join('\n'), text: '' });
  }
  finish();
  return parts;
}

/**
 * The index file of the parts, in page order: one index over every section. Two parts in a row with
 * one URL would be one page of the file, with sections nested across them, which parts made apart
 * cannot say: the caller checks with `partsJoin` first and makes such a site's parts from its
 * records in one go.
 */
export function assembleSearchIndexFile(parts: readonly SearchPagePart[], origin: string): string {
  const file: SearchIndexFile = { v: 1, origin, ...assemble(parts, origin) };
  return JSON.stringify(file);
}

/**
 * A shard of the index (see search-files.ts): the same as the index file of its parts, less what
 * the manifest says for every shard (the format and the origin page URLs are relative to).
 */
export function assembleSearchShard(parts: readonly SearchPagePart[], origin: string): string {
  return JSON.stringify(assemble(parts, origin));
}

function assemble(parts: readonly SearchPagePart[], origin: string): SearchIndexShard {
  const file: SearchIndexShard = {
    languages: [],
    tags: [],
    pages: [],
    sections: [],
    index: { fields: [], averageFieldLength: [], fieldLength: [], terms: [] },
  };
  const position = (list: string[], value: string) => {
    const at = list.indexOf(value);
    return at >= 0 ? at : list.push(value) - 1;
  };
  const batches: TermCounts[] = [];
  for (const part of parts) {
    const url = part.url.startsWith(origin) ? part.url.slice(origin.length) : part.url;
    const page = file.pages.push([url, part.lvl0, position(file.languages, part.language), position(file.tags, part.tag), part.version, part.pageRank]) - 1;
    const offset = file.sections.length;
    for (const [level, text, anchor, parent, contents] of part.sections)
      file.sections.push([page, level, text, anchor, parent < 0 ? -1 : offset + parent, contents]);
    batches.push({ terms: part.terms === '' ? [] : part.terms.split('\n'), counts: part.counts, lengths: part.lengths });
  }
  file.index = packTerms(batches);
  return file;
}

/** Whether parts made apart can be joined: no two in a row share a URL. */
export function partsJoin(parts: readonly SearchPagePart[]): boolean {
  return parts.every((part, i) => i === 0 || parts[i - 1]!.url !== part.url);
}
