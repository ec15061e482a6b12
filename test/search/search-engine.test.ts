/**
 * Search records from rendered HTML, and the embedded engine answering Algolia's `search({requests})`
 * contract over the index file the build writes: hits, highlights, snippets, filters, paging, and
 * queries that must never throw.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createSearchIndexFile } from '../../src/search/index-file';
import { pageRecords } from '../../src/search/records';
import { createSearchEngine } from '../../src/shared/search/engine';
import { buildPackedIndex } from '../../src/search/packed-builder';
import { miniSearchOptions, type IndexedSection } from '../../src/shared/search/options';
import { packIndex, type PackedIndex } from '../../src/shared/search/packed-index';
import MiniSearch from 'minisearch';
import type { SearchRecord, SearchRequest } from '../../src/shared/search/types';

const ORIGIN = 'https://docs.example.com/';

/** A page as the theme renders it: navbar with the active item, breadcrumbs, an article. */
function page(options: { crumbs?: string[]; article: string; active?: string }): string {
  const crumbs = (options.crumbs ?? [])
    .map(
      (crumb, i, all) =>
        `<li class="breadcrumbs__item"><span class="breadcrumbs__link${i === all.length - 1 ? ' breadcrumbs__link--current' : ''}">${crumb}</span></li>`,
    )
    .join('');
  return `<html lang="en"><body><nav class="navbar"><a class="navbar__link" href="/">Home</a>${options.active ? `<a class="navbar__link navbar__link--active" href="/docs/"><span class="navbar__label">${options.active}</span></a>` : ''}</nav>
<main><nav class="breadcrumbs"><ol><li class="breadcrumbs__item"><a class="breadcrumbs__link--home" aria-label="Home page" href="/"><svg><path/></svg></a></li>${crumbs}</ol></nav>
<article>${options.article}</article></main><footer><p>Footer text that is not searched</p></footer></body></html>`;
}

const EDITOR_STATE = page({
  active: 'Docs',
  crumbs: ['Concepts', 'Editor State'],
  article: `<header><h1>Editor State</h1></header>
<p>Everything a <strong>Lexical</strong> editor knows lives in an editor state.</p>
<h2 id="reading" class="anchor">Reading the state<a class="hash-link" href="#reading">#</a></h2>
<p>Call <code>editor.getEditorState().read()</code> to read it, or <code>registerUpdateListener</code> to hear of each new one.</p>
<pre><code>const secretCodeWord = 1;</code></pre>
<ul><li>First item about listeners<ul><li>Nested item about transforms</li></ul></li></ul>
<h3 id="deep">A deeper heading</h3>
<table><tbody><tr><td>Node map</td><td>Every node, indexed by its key.</td></tr></tbody></table>
<p>After the table, back under the deeper heading.</p>`,
});

const UNSAFE = page({
  article: `<h1>Unsafe text</h1><p>A page whose text holds &lt;img src=x onerror=alert(1)&gt; shows it as text, and one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty words.</p>`,
});

function records(): SearchRecord[] {
  return [
    ...pageRecords({
      html: EDITOR_STATE,
      url: `${ORIGIN}docs/concepts/editor-state`,
      title: 'Editor State',
      tag: 'docs-default-current',
      version: ['current'],
      pageRank: 1,
    }),
    ...pageRecords({ html: UNSAFE, url: `${ORIGIN}blog/unsafe`, title: 'Unsafe text', tag: 'default', version: [], defaultLvl0: 'Blog' }),
  ];
}

function engine() {
  return createSearchEngine(JSON.parse(createSearchIndexFile(records(), ORIGIN)));
}

const DOCSEARCH: SearchRequest = {
  attributesToRetrieve: [
    'hierarchy.lvl0',
    'hierarchy.lvl1',
    'hierarchy.lvl2',
    'hierarchy.lvl3',
    'hierarchy.lvl4',
    'hierarchy.lvl5',
    'hierarchy.lvl6',
    'content',
    'type',
    'url',
  ],
  attributesToSnippet: [
    'hierarchy.lvl1:10',
    'hierarchy.lvl2:10',
    'hierarchy.lvl3:10',
    'hierarchy.lvl4:10',
    'hierarchy.lvl5:10',
    'hierarchy.lvl6:10',
    'content:10',
  ],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
};

const first = (query: string, extra: SearchRequest = {}) => engine().search({ requests: [{ ...DOCSEARCH, ...extra, query }] }).results[0]!;

describe('search records from rendered HTML', () => {
  test('one record per heading and per paragraph, list item and table row, in the DocSearch crawler shape', () => {
    const list = records().filter((record) => record.url_without_anchor.endsWith('editor-state'));
    assert.deepEqual(
      list.map((record) => [record.type, record.anchor, record.content ?? record.hierarchy[record.type as 'lvl1']]),
      [
        ['lvl1', null, 'Editor State'],
        ['content', null, 'Everything a Lexical editor knows lives in an editor state.'],
        ['lvl2', 'reading', 'Reading the state'],
        ['content', 'reading', 'Call editor.getEditorState().read() to read it, or registerUpdateListener to hear of each new one.'],
        ['content', 'reading', 'First item about listeners'],
        ['content', 'reading', 'Nested item about transforms'],
        ['lvl3', 'deep', 'A deeper heading'],
        ['lvl5', 'deep', 'Node map'],
        ['content', 'deep', 'Every node, indexed by its key.'],
        ['content', 'deep', 'After the table, back under the deeper heading.'],
      ],
    );
    const row = list.find((record) => record.content === 'Every node, indexed by its key.')!;
    assert.deepEqual(row.hierarchy, {
      lvl0: 'Docs / Concepts',
      lvl1: 'Editor State',
      lvl2: 'Reading the state',
      lvl3: 'A deeper heading',
      lvl4: null,
      lvl5: 'Node map',
      lvl6: null,
    });
    assert.equal(list.at(-1)!.hierarchy.lvl5, null, 'a row names itself only');
    assert.equal(row.url, `${ORIGIN}docs/concepts/editor-state#deep`);
    assert.deepEqual([row.language, row.lang, row.docusaurus_tag, row.version], ['en', 'en', 'docs-default-current', ['current']]);
    assert.deepEqual(row.weight, { pageRank: 1, level: 0, position: 8 });
    assert.equal(list[2]!.weight.level, 80);
    assert.equal(new Set(records().map((record) => record.objectID)).size, records().length, 'objectIDs are unique');
    assert.deepEqual(
      records().map((record) => record.objectID),
      records().map((record) => record.objectID),
      'and the same from the same page',
    );
  });

  test('code blocks, permalink signs and text outside the article are not records', () => {
    const text = JSON.stringify(records());
    for (const absent of ['secretCodeWord', 'Footer text', '"#"', 'Home']) assert.ok(!text.includes(absent), `${absent} is not in the records`);
    const unsafe = records().filter((record) => record.url.includes('unsafe'));
    assert.equal(unsafe[0]!.hierarchy.lvl0, 'Blog', 'a page without navbar item or breadcrumbs gets its default lvl0');
  });
});

describe('the embedded engine answers as Algolia does', () => {
  test('hits carry the record, highlights in <mark> and 10-word snippets', () => {
    const result = first('registerUpdateListener');
    assert.equal(result.nbHits, 1);
    const [hit] = result.hits;
    assert.equal(hit!.type, 'content');
    assert.equal(hit!.url, `${ORIGIN}docs/concepts/editor-state#reading`);
    assert.equal(hit!.hierarchy!.lvl2, 'Reading the state');
    assert.match(hit!._highlightResult.content!.value, /<mark>registerUpdateListener<\/mark>/);
    assert.equal(hit!._highlightResult.content!.matchLevel, 'full');
    assert.deepEqual(hit!._highlightResult.content!.matchedWords, ['registerupdatelistener']);
    const snippet = hit!._snippetResult.content!.value;
    assert.equal(
      snippet
        .replace(/<\/?mark>/g, '')
        .replace(/^…|…$/g, '')
        .split(/\s+/).length,
      10,
      snippet,
    );
    assert.ok(snippet.startsWith('…'), 'cut text starts with the ellipsis');
    assert.equal(hit!._highlightResult.hierarchy!.lvl1!.matchLevel, 'none');
    assert.equal(hit!._highlightResult.hierarchy!.lvl4, undefined, 'levels that are null have no highlight');
  });

  test('words in headings find the heading, the last word as a prefix, one typo forgiven, camelCase parts too', () => {
    const heading = first('reading the').hits[0]!;
    assert.equal(heading.type, 'lvl2');
    assert.equal(heading._highlightResult.hierarchy!.lvl2!.value, '<mark>Reading</mark> <mark>the</mark> state');
    assert.equal(first('edit').hits[0]!.hierarchy!.lvl1, 'Editor State');
    assert.match(first('edit').hits[0]!._highlightResult.hierarchy!.lvl1!.value, /^<mark>Edit<\/mark>or State$/);
    assert.equal(first('editr state').hits[0]!.type, 'lvl1');
    assert.match(first('update listener').hits[0]!._highlightResult.content!.value, /register<mark>Update<\/mark><mark>Listener<\/mark>/);
  });

  test('page text is escaped before marks are added', () => {
    const hit = first('onerror').hits[0]!;
    const value = hit._highlightResult.content!.value;
    assert.ok(!value.includes('<img'), value);
    assert.match(value, /&lt;img src=x <mark>onerror<\/mark>=alert\(1\)&gt;/);
    assert.ok(!hit._snippetResult.content!.value.includes('<img'));
  });

  test('facet filters, paging, distinct URLs and click analytics', () => {
    const all = first('the', { hitsPerPage: 1 });
    assert.equal(all.hits.length, 1);
    assert.ok(all.nbHits > 1);
    assert.equal(all.nbPages, all.nbHits);
    assert.notEqual(first('the', { hitsPerPage: 1, page: 1 }).hits[0]!.url, all.hits[0]!.url, 'the next page holds the next hit');
    assert.equal(new Set(first('the').hits.map((hit) => hit.url)).size, first('the').hits.length, 'one hit per URL');
    const blogOnly = first('text', { facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:blog_posts_list']] });
    assert.ok(blogOnly.nbHits > 0 && blogOnly.hits.every((hit) => hit.url!.includes('/blog/')));
    assert.equal(first('text', { facetFilters: ['docusaurus_tag:-default'] }).hits.filter((hit) => hit.url!.includes('/blog/')).length, 0);
    assert.equal(first('text', { facetFilters: ['language:fr'] }).nbHits, 0);
    assert.deepEqual(first('state', { facets: ['docusaurus_tag'] }).facets, { docusaurus_tag: { 'docs-default-current': first('state').nbHits } });
    assert.match(first('state', { clickAnalytics: true }).queryID ?? '', /^[0-9a-f]{32}$/);
    assert.equal(first('state').queryID, undefined);
    const legacy = engine().search({ requests: [{ indexName: 'x', params: 'query=editor&hitsPerPage=1' }] }).results[0]!;
    assert.equal(legacy.hits.length, 1);
    assert.equal(legacy.query, 'editor');
  });

  test('no query, odd characters, 64 characters, other scripts: results or none, never an error', () => {
    for (const query of [
      '',
      '   ',
      '( ) * " - +',
      '.*[a-z]+$',
      'x'.repeat(64),
      'editor '.repeat(9).slice(0, 64),
      '編集 エディタ',
      '😀 editor',
      '\\u0000',
      '<mark>',
    ]) {
      const result = first(query);
      assert.ok(Array.isArray(result.hits) && result.nbHits >= 0, query);
    }
    assert.equal(first('編集').nbHits, 0);
    assert.ok(first('😀 editor').nbHits > 0, 'an emoji beside a word still finds the word');
  });

  test('an index that is not a docsite index is refused with a message, not answered blank', () => {
    assert.throws(() => createSearchEngine(JSON.parse('{"v":2}')), /not a docsite search index/);
    assert.throws(() => createSearchEngine(null as never), /not a docsite search index/);
  });
});

describe('the index the build writes holds what MiniSearch itself would', () => {
  test('the same postings, field lengths and averages as MiniSearch#addAll then toJSON, term for term', () => {
    const sections: IndexedSection[] = [
      { id: 0, title: 'Editor State', titles: '', text: 'Everything a Lexical editor knows lives in an editor state. editor editor.\n' },
      {
        id: 1,
        title: 'Reading the state',
        titles: 'Editor State',
        text: 'Call editor.getEditorState().read() or registerUpdateListener, $getRoot and HTMLElement plugins.\n',
      },
      { id: 2, title: '', titles: 'Editor State\nReading the state', text: '' },
      { id: 3, title: '编辑器 状态 🙂', titles: 'Unsafe text', text: 'classes queries __proto__ constructor toString 42 4.2\n' },
    ];
    const built = buildPackedIndex(sections);
    const reference = new MiniSearch<IndexedSection>(miniSearchOptions);
    reference.addAll(sections);
    const expected = packIndex(reference.toJSON());
    assert.deepEqual(built.fields, expected.fields);
    assert.deepEqual(built.fieldLength, expected.fieldLength);
    assert.deepEqual(built.averageFieldLength, expected.averageFieldLength);
    const byTerm = (index: PackedIndex) => new Map(index.terms.map(([term, ...postings]) => [term, postings]));
    assert.ok(expected.terms.length > 40, `${expected.terms.length} terms`);
    assert.deepEqual(byTerm(built), byTerm(expected));
  });

  test("an engine on the written index answers exactly as one on MiniSearch's own index of the same sections", () => {
    const file = JSON.parse(createSearchIndexFile(records(), ORIGIN));
    // The sections as the index file lists them: [page, level, heading, anchor, parent, contents].
    type Section = [number, number, string, string | null, number, string[]];
    const titlesOf = (id: number): string[] => (id < 0 ? [] : [...titlesOf(file.sections[id][4]), file.sections[id][2]]);
    const documents: IndexedSection[] = (file.sections as Section[]).map(([, , heading, , parent, contents], id) => ({
      id,
      title: heading,
      titles: titlesOf(parent).join('\n'),
      text: contents.map((line) => `${line}\n`).join(''),
    }));
    const reference = new MiniSearch<IndexedSection>(miniSearchOptions);
    reference.addAll(documents);
    const referenceEngine = createSearchEngine({ ...file, index: packIndex(reference.toJSON()) });
    for (const query of ['editor', 'registerUpdateListener', 'listeners', 'deeper heading', 'unsafe', 'stat', 'transfrm']) {
      const hits = (search: ReturnType<typeof createSearchEngine>) =>
        search.search({ requests: [{ ...DOCSEARCH, query }] }).results[0]!.hits.map((hit) => hit.objectID);
      const written = hits(engine());
      assert.ok(written.length > 0, `"${query}" finds something`);
      assert.deepEqual(written, hits(referenceEngine), `"${query}"`);
    }
  });
});
