/** The API reference theme: hand-built page views rendered to HTML and checked with a real HTML parser. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { all, byClass, byTag, hasClass, parseChecked, text, type Doc, type El } from '../support/dom';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import type { ApiClassPageView, ApiCommentView, ApiIndexPageView, ApiMemberView, ApiModulePageView, ApiPageView } from '../../src/shared/api-views';

// theme/ is outside tsconfig.json's `include`, so tsx compiles the theme's JSX with the classic runtime
// (`React.createElement` on a global React). Provide that global before the theme is loaded.
(globalThis as { React?: typeof React }).React = React;
const { default: ApiPage } = await import('../../theme/api/ApiPage');

// ---------------------------------------------------------------------------------------------
// Views, shaped like what the build hands over for Lexical.
// ---------------------------------------------------------------------------------------------

/** A shiki block as the build makes it: dual themes, a linked type inside. */
function shiki(code: string): string {
  return (
    '<pre class="shiki shiki-themes github-light dracula" style="--shiki-light:#24292e;--shiki-dark:#f8f8f2;' +
    '--shiki-light-bg:#fff;--shiki-dark-bg:#282a36" tabindex="0"><code><span class="line">' +
    code +
    '</span></code></pre>'
  );
}

function typeHtml(inner: string): string {
  return `<code class="api-type">${inner}</code>`;
}

function comment(partial: Partial<ApiCommentView>): ApiCommentView {
  return { summaryHtml: '', examplesHtml: [], seeHtml: [], other: [], ...partial };
}

const CTOR_CODE = shiki(
  '<span style="--shiki-light:#D73A49;--shiki-dark:#FF79C6">new</span> <span>ElementNode</span>(key?: <a href="/docs/api/modules/lexical#nodekey">NodeKey</a>)',
);
const GETKEY_CODE = shiki('<span>getKey</span>(): <a href="/docs/api/modules/lexical#nodekey">NodeKey</a>');
const FIRST_CODE = shiki('<span>__first</span>: <span>null</span> | <span>string</span>');
const SPLICE_CODE = shiki(
  '<span>splice</span>&lt;<span>T</span> <span style="--shiki-light:#D73A49">extends</span> <a href="/docs/api/classes/lexical.LexicalNode">LexicalNode</a>&gt;(start: number, deleteCount?: number, ...nodesToInsert: T[]): <span>this</span>',
);
const EXAMPLE_HTML = shiki('<span>node.splice(0, 1, $createTextNode(&quot;hi&quot;));</span>');

const constructorMember: ApiMemberView = {
  kind: 'constructor',
  name: 'constructor',
  anchor: 'constructor',
  flags: {},
  signatures: [
    {
      codeHtml: CTOR_CODE,
      typeParameters: [],
      parameters: [
        {
          name: 'key',
          typeHtml: typeHtml('<a href="/docs/api/modules/lexical#nodekey">NodeKey</a>'),
          optional: true,
          rest: false,
        },
      ],
      returnsHtml: typeHtml('<a href="/docs/api/classes/lexical.ElementNode">ElementNode</a>'),
    },
  ],
  source: { file: 'lexical/nodes/LexicalElementNode.d.ts', line: 64 },
};

const deprecatedProperty: ApiMemberView = {
  kind: 'property',
  name: '__first',
  anchor: '__first',
  flags: { readonly: true },
  comment: comment({
    summaryHtml: '<p>Key of the first child.</p>',
    deprecatedHtml: '<p>Use <a href="/docs/api/classes/lexical.ElementNode#getfirstchild"><code>getFirstChild</code></a> instead.</p>',
  }),
  signatures: [{ codeHtml: FIRST_CODE, typeParameters: [], parameters: [] }],
  source: { file: 'lexical/nodes/LexicalElementNode.d.ts', line: 51 },
};

const silentlyDeprecated: ApiMemberView = {
  kind: 'property',
  name: '__size',
  anchor: '__size',
  flags: { protected: true },
  comment: comment({ deprecatedHtml: '' }),
  signatures: [{ codeHtml: shiki('<span>__size</span>: number'), typeParameters: [], parameters: [] }],
};

const inheritedMethod: ApiMemberView = {
  kind: 'method',
  name: 'getKey',
  anchor: 'getkey',
  flags: {},
  inheritedFrom: { name: 'LexicalNode.getKey', href: '/docs/api/classes/lexical.LexicalNode#getkey' },
  signatures: [
    {
      codeHtml: GETKEY_CODE,
      typeParameters: [],
      parameters: [],
      returnsHtml: typeHtml('<a href="/docs/api/modules/lexical#nodekey">NodeKey</a>'),
      comment: comment({ summaryHtml: "<p>Returns this node's key.</p>" }),
    },
  ],
  source: { file: 'lexical/LexicalNode.d.ts', line: 210 },
};

const spliceMethod: ApiMemberView = {
  kind: 'method',
  name: 'splice',
  anchor: 'splice',
  flags: {},
  signatures: [
    {
      codeHtml: SPLICE_CODE,
      typeParameters: [
        {
          name: 'T',
          constraintHtml: typeHtml('<a href="/docs/api/classes/lexical.LexicalNode">LexicalNode</a>'),
          defaultHtml: typeHtml('<a href="/docs/api/classes/lexical.LexicalNode">LexicalNode</a>'),
          commentHtml: '<p>The kind of node inserted.</p>',
        },
      ],
      parameters: [
        { name: 'start', typeHtml: typeHtml('number'), optional: false, rest: false, commentHtml: '<p>Index to start at.</p>' },
        { name: 'deleteCount', typeHtml: typeHtml('number'), optional: true, rest: false, defaultValue: '0' },
        {
          name: 'nodesToInsert',
          typeHtml: typeHtml('<a href="/docs/api/classes/lexical.LexicalNode">T</a>[]'),
          optional: false,
          rest: true,
          commentHtml: '<p>Nodes to insert at <code>start</code>.</p>',
        },
      ],
      returnsHtml: typeHtml('this'),
      comment: comment({
        summaryHtml: '<p>Removes and inserts children, like <code>Array.prototype.splice</code>.</p>',
        returnsHtml: '<p>The node itself, for chaining.</p>',
        examplesHtml: [EXAMPLE_HTML],
        seeHtml: ['<p><a href="/docs/concepts/nodes">Node concepts</a></p>'],
        other: [{ tag: '@since', html: '<p>v0.12.0</p>' }],
      }),
    },
  ],
  source: { file: 'lexical/nodes/LexicalElementNode.d.ts', line: 120 },
};

const classView: ApiClassPageView = {
  type: 'class',
  name: 'ElementNode',
  module: { name: 'lexical', href: '/docs/api/modules/lexical' },
  comment: comment({ summaryHtml: '<p>A node that can have children.</p>' }),
  typeParameters: [{ name: 'TChild', constraintHtml: typeHtml('<a href="/docs/api/classes/lexical.LexicalNode">LexicalNode</a>') }],
  extendsHtml: [typeHtml('<a href="/docs/api/classes/lexical.LexicalNode">LexicalNode</a>')],
  implementsHtml: [typeHtml('Partial&lt;Serializable&gt;')],
  extendedBy: [
    { name: 'ParagraphNode', href: '/docs/api/classes/lexical.ParagraphNode' },
    { name: 'HeadingNode', href: '/docs/api/classes/lexical_rich_text.HeadingNode' },
  ],
  implementedBy: [{ name: 'PrivateNode' }],
  groups: [
    { title: 'Constructors', members: [constructorMember] },
    { title: 'Properties', members: [deprecatedProperty, silentlyDeprecated] },
    { title: 'Methods', members: [inheritedMethod, spliceMethod] },
  ],
  source: { file: 'lexical/nodes/LexicalElementNode.d.ts', line: 40 },
};

const moduleView: ApiModulePageView = {
  type: 'module',
  name: '@lexical/rich-text',
  packageName: '@lexical/rich-text',
  packageVersion: '0.33.1',
  comment: comment({ summaryHtml: '<p>Rich text editing: headings, quotes and the rich text plugin.</p>' }),
  classes: [
    {
      name: 'HeadingNode',
      href: '/docs/api/classes/lexical_rich_text.HeadingNode',
      summaryHtml: '<p>A heading, <code>h1</code> to <code>h6</code>.</p>',
    },
    { name: 'QuoteNode', href: '/docs/api/classes/lexical_rich_text.QuoteNode', summaryHtml: '', deprecated: true },
  ],
  interfaces: [],
  functions: [
    {
      kind: 'function',
      name: '$createHeadingNode',
      anchor: 'createheadingnode',
      flags: {},
      signatures: [
        {
          codeHtml: shiki('<span>$createHeadingNode</span>(headingTag?: HeadingTagType): HeadingNode'),
          typeParameters: [],
          parameters: [
            { name: 'headingTag', typeHtml: typeHtml('<a href="#headingtagtype">HeadingTagType</a>'), optional: true, rest: false, defaultValue: "'h1'" },
          ],
          returnsHtml: typeHtml('<a href="/docs/api/classes/lexical_rich_text.HeadingNode">HeadingNode</a>'),
        },
      ],
      source: { file: '@lexical/rich-text/index.d.ts', line: 88 },
    },
  ],
  typeAliases: [
    {
      kind: 'typeAlias',
      name: 'HeadingTagType',
      anchor: 'headingtagtype',
      flags: {},
      comment: comment({ summaryHtml: '<p>The tags a heading can have.</p>' }),
      signatures: [{ codeHtml: shiki("<span>type</span> HeadingTagType = 'h1' | 'h2'"), typeParameters: [], parameters: [] }],
      source: { file: '@lexical/rich-text/index.d.ts', line: 20 },
    },
  ],
  variables: [
    {
      kind: 'variable',
      name: 'DRAG_DROP_PASTE',
      anchor: 'drag_drop_paste',
      flags: {},
      signatures: [{ codeHtml: shiki('<span>const</span> DRAG_DROP_PASTE: LexicalCommand&lt;File[]&gt;'), typeParameters: [], parameters: [] }],
      source: { file: '@lexical/rich-text/index.d.ts', line: 30 },
    },
  ],
};

const indexView: ApiIndexPageView = {
  type: 'index',
  modules: [
    { name: 'lexical', href: '/docs/api/modules/lexical', summaryHtml: '<p>The core editor.</p>' },
    { name: '@lexical/rich-text', href: '/docs/api/modules/lexical_rich_text', summaryHtml: '' },
  ],
};

// ---------------------------------------------------------------------------------------------
// Helpers over the parsed HTML.
// ---------------------------------------------------------------------------------------------

function render(view: ApiPageView): string {
  return renderToString(React.createElement(ApiPage, { view }));
}

function byId(doc: Doc, id: string): El {
  const el = DomUtils.getElementById(id, doc.children);
  assert.ok(el, `#${id} exists`);
  return el as El;
}

/** The member section whose heading has this id. */
function memberSection(doc: Doc, anchor: string): El {
  const heading = byId(doc, anchor);
  const section = heading.parent as El;
  assert.ok(section && hasClass(section, 'api-member'), `#${anchor} heads a member`);
  return section;
}

/** Heading text without the "#" self-link. */
function headingText(el: El): string {
  const clone = text(el);
  return clone.replace(/\s*#$/, '');
}

function headings(doc: Doc): El[] {
  return all(doc, (el) => /^h[1-6]$/.test(el.name));
}

/** Text of an empty table cell: the hidden dash, then the screen-reader-only "None". */
const EMPTY = '—None';

function tableRows(table: El): string[][] {
  const body = byTag(table, 'tbody')[0];
  assert.ok(body, 'table has a tbody');
  return byTag(body, 'tr').map((row) => byTag(row, 'td').map(text));
}

/** Checks every page must pass: ids, links, headings, tables. */
function assertWellFormed(html: string): Doc {
  const doc = parseChecked(html);
  const levels = headings(doc).map((el) => Number(el.name.slice(1)));
  assert.equal(levels[0], 1, 'the page starts with its h1');
  assert.equal(levels.filter((level) => level === 1).length, 1, 'exactly one h1');
  levels.forEach((level, index) => {
    if (index > 0) assert.ok(level <= levels[index - 1]! + 1, `heading levels do not skip (h${levels[index - 1]} then h${level})`);
  });
  for (const table of byTag(doc, 'table')) {
    const frame = table.parent as El;
    assert.ok(hasClass(frame, 'api-table-scroll'), 'tables sit in a scroll frame');
    assert.equal(frame.attribs.tabindex, '0');
    assert.equal(frame.attribs.role, 'region');
    assert.ok(frame.attribs['aria-label'], 'the scroll frame is labelled');
    assert.equal(byTag(table, 'thead').length, 1, 'tables have a thead');
    for (const th of byTag(table, 'th')) assert.equal(th.attribs.scope, 'col');
  }
  return doc;
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('class page', () => {
  const html = render(classView);
  const doc = assertWellFormed(html);

  it('has its own h1, module link and source', () => {
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Class: ElementNode');
    const moduleLine = byClass(doc, 'api-meta__module')[0]!;
    assert.equal(text(moduleLine), 'Defined in module lexical');
    assert.equal(byTag(moduleLine, 'a')[0]!.attribs.href, '/docs/api/modules/lexical');
    assert.equal(text(byClass(byClass(doc, 'api-meta')[0]!, 'api-source')[0]!), 'Defined in lexical/nodes/LexicalElementNode.d.ts:40');
  });

  it('says Interface for interfaces', () => {
    const other = parseDocument(render({ ...classView, type: 'interface', name: 'BaseSelection' }));
    assert.equal(text(byTag(other, 'h1')[0]!), 'Interface: BaseSelection');
  });

  it('has the section headings with their ids, in order', () => {
    const h2 = byTag(doc, 'h2').map((el) => el.attribs.id);
    assert.deepEqual(h2, ['type-parameters', 'hierarchy', 'constructors', 'properties', 'methods']);
    assert.equal(headingText(byId(doc, 'methods')), 'Methods');
  });

  it('gives every member heading the anchor as id, with the display name', () => {
    const h3 = byTag(doc, 'h3');
    assert.deepEqual(
      h3.map((el) => el.attribs.id),
      ['constructor', '__first', '__size', 'getkey', 'splice'],
    );
    assert.deepEqual(
      h3.map((el) => text(byClass(el, 'api-member__name')[0]!)),
      ['constructor()', '__first', '__size', 'getKey()', 'splice()'],
    );
    const selfLink = byClass(byId(doc, 'splice'), 'hash-link')[0]!;
    assert.equal(selfLink.attribs.href, '#splice');
  });

  it('shows the hierarchy with links where there are pages', () => {
    const rows = byClass(doc, 'api-hierarchy__row').map((row) => [text(byTag(row, 'dt')[0]!), ...byTag(row, 'li').map(text)]);
    assert.deepEqual(rows, [
      ['Extends', 'LexicalNode'],
      ['Implements', 'Partial<Serializable>'],
      ['Extended by', 'ParagraphNode', 'HeadingNode'],
      ['Implemented by', 'PrivateNode'],
    ]);
    const hierarchy = byClass(doc, 'api-hierarchy')[0]!;
    assert.deepEqual(
      byTag(hierarchy, 'a').map((a) => a.attribs.href),
      ['/docs/api/classes/lexical.LexicalNode', '/docs/api/classes/lexical.ParagraphNode', '/docs/api/classes/lexical_rich_text.HeadingNode'],
    );
  });

  it('renders flags as badges', () => {
    const badges = (anchor: string) => byClass(byId(doc, anchor), 'api-badge').map(text);
    assert.deepEqual(badges('__first'), ['readonly', 'deprecated']);
    assert.deepEqual(badges('__size'), ['protected', 'deprecated']);
    assert.deepEqual(badges('splice'), []);
  });

  it('links "Inherited from" to the ancestor member', () => {
    const section = memberSection(doc, 'getkey');
    const note = byClass(section, 'api-inherited')[0]!;
    assert.equal(text(note), 'Inherited from LexicalNode.getKey');
    assert.equal(byTag(note, 'a')[0]!.attribs.href, '/docs/api/classes/lexical.LexicalNode#getkey');
  });

  it('shows a deprecation box with the reason, or a default sentence without one', () => {
    const box = byClass(memberSection(doc, '__first'), 'api-deprecated')[0]!;
    assert.ok(hasClass(box, 'admonition-warning'));
    assert.equal(box.attribs.role, 'note');
    assert.equal(text(byClass(box, 'admonition__title')[0]!), 'Deprecated');
    assert.equal(text(byClass(box, 'admonition__content')[0]!), 'Use getFirstChild instead.');
    assert.equal(byTag(box, 'a')[0]!.attribs.href, '/docs/api/classes/lexical.ElementNode#getfirstchild');
    const bare = byClass(memberSection(doc, '__size'), 'api-deprecated')[0]!;
    assert.match(text(bare), /deprecated/i);
    assert.equal(byClass(memberSection(doc, 'splice'), 'api-deprecated').length, 0);
  });

  it('inserts the highlighted signature code verbatim, inside the copyable code block', () => {
    for (const code of [CTOR_CODE, GETKEY_CODE, FIRST_CODE, SPLICE_CODE, EXAMPLE_HTML]) assert.ok(html.includes(code));
    const block = byClass(memberSection(doc, 'splice'), 'code-block')[0]!;
    assert.ok(byClass(block, 'shiki').length === 1 && byClass(block, 'code-block__copy').length === 1);
  });

  it('renders the type parameter table', () => {
    const section = memberSection(doc, 'splice');
    const table = byClass(section, 'api-table--type-parameters')[0]!;
    assert.deepEqual(byTag(table, 'th').map(text), ['Name', 'Constraint', 'Default', 'Description']);
    assert.deepEqual(tableRows(table), [['T', 'LexicalNode', 'LexicalNode', 'The kind of node inserted.']]);
    assert.equal(table.parent && (table.parent as El).attribs['aria-label'], 'Type parameters of splice()');
    // The class's own type parameter: empty cells show a dash (hidden) and read "None" (screen readers only).
    const classTable = byClass(byId(doc, 'type-parameters').parent as El, 'api-table')[0]!;
    assert.deepEqual(tableRows(classTable), [['TChild', 'LexicalNode', EMPTY, EMPTY]]);
    const empty = byClass(classTable, 'api-empty')[0]!;
    assert.equal(empty.attribs['aria-hidden'], 'true');
    assert.equal(text(empty.next as El), 'None');
    assert.ok(hasClass(empty.next as El, 'sr-only'));
  });

  it('renders the parameters table with optional, rest and default values', () => {
    const table = byClass(memberSection(doc, 'splice'), 'api-table--parameters')[0]!;
    assert.deepEqual(byTag(table, 'th').map(text), ['Parameter', 'Type', 'Description']);
    const names = byClass(table, 'api-param__name').map(text);
    assert.deepEqual(names, ['start', 'deleteCount?', '...nodesToInsert']);
    const rows = tableRows(table);
    assert.equal(rows.length, 3);
    assert.deepEqual(rows[0], ['start', 'number', 'Index to start at.']);
    assert.deepEqual(rows[1], ['deleteCount? (optional)', 'number', 'Default: 0']);
    assert.deepEqual(rows[2], ['...nodesToInsert (rest parameter)', 'T[]', 'Nodes to insert at start.']);
    assert.equal(byTag(byTag(table, 'tbody')[0]!, 'a')[0]!.attribs.href, '/docs/api/classes/lexical.LexicalNode');
    const ctorRows = tableRows(byClass(memberSection(doc, 'constructor'), 'api-table--parameters')[0]!);
    assert.deepEqual(ctorRows, [['key? (optional)', 'NodeKey', EMPTY]]);
  });

  it('renders returns, example, see also and other tags under labelled h4s', () => {
    const section = memberSection(doc, 'splice');
    assert.deepEqual(byTag(section, 'h4').map(text), ['Type parameters', 'Parameters', 'Returns', 'Example', 'See also', 'Since']);
    const returns = byClass(section, 'api-returns')[0]!;
    assert.deepEqual(byTag(returns, 'th').map(text), ['Type', 'Description'], 'returns are a table like the parameters');
    assert.equal(text(byClass(returns, 'api-returns__type')[0]!), 'this');
    assert.equal(text(byClass(returns, 'api-returns__comment')[0]!), 'The node itself, for chaining.');
    const example = byClass(section, 'api-example')[0]!;
    assert.equal(byClass(example, 'shiki').length, 1);
    const see = byClass(section, 'api-see')[0]!;
    assert.deepEqual(
      byTag(see, 'a').map((a) => [text(a), a.attribs.href]),
      [['Node concepts', '/docs/concepts/nodes']],
    );
    assert.equal(text(byClass(section, 'api-block-tag__body')[0]!), 'v0.12.0');
    assert.equal(text(byClass(section, 'api-comment')[0]!), 'Removes and inserts children, like Array.prototype.splice.');
  });

  it('ends members with "Defined in file:line"', () => {
    const source = byClass(memberSection(doc, 'splice'), 'api-source')[0]!;
    assert.equal(text(source), 'Defined in lexical/nodes/LexicalElementNode.d.ts:120');
    assert.equal(text(byTag(source, 'code')[0]!), 'lexical/nodes/LexicalElementNode.d.ts:120');
    assert.equal(byTag(source, 'a').length, 0);
    assert.equal(byClass(memberSection(doc, '__size'), 'api-source').length, 0);
  });

  it('renders the same HTML every time (pure, so hydration matches)', () => {
    assert.equal(render(classView), html);
  });
});

describe('module page', () => {
  const html = render(moduleView);
  const doc = assertWellFormed(html);

  it('has the h1, package line and module comment', () => {
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Module: @lexical/rich-text');
    const meta = byClass(doc, 'api-meta')[0]!;
    assert.deepEqual(byTag(meta, 'code').map(text), ['@lexical/rich-text', '0.33.1']);
    assert.match(text(meta), /^Package @lexical\/rich-text .*version 0\.33\.1$/);
    assert.equal(text(byClass(doc, 'api-comment')[0]!), 'Rich text editing: headings, quotes and the rich text plugin.');
  });

  it('shows only the non-empty sections, with their ids', () => {
    assert.deepEqual(
      byTag(doc, 'h2').map((el) => [el.attribs.id, headingText(el)]),
      [
        ['classes', 'Classes'],
        ['functions', 'Functions'],
        ['type-aliases', 'Type aliases'],
        ['variables', 'Variables'],
      ],
    );
  });

  it('lists classes as links with summaries and marks deprecated ones', () => {
    const list = byClass(byId(doc, 'classes').parent as El, 'api-summary-list')[0]!;
    const items = byTag(list, 'li');
    assert.deepEqual(
      items.map((li) => byTag(li, 'a')[0]!.attribs.href),
      ['/docs/api/classes/lexical_rich_text.HeadingNode', '/docs/api/classes/lexical_rich_text.QuoteNode'],
    );
    assert.equal(text(byClass(items[0]!, 'api-summary-list__summary')[0]!), 'A heading, h1 to h6.');
    assert.equal(byClass(items[0]!, 'api-badge--deprecated').length, 0);
    assert.equal(text(byClass(items[1]!, 'api-badge--deprecated')[0]!), 'deprecated');
    assert.equal(byClass(items[1]!, 'api-summary-list__summary').length, 0, 'an empty summary leaves no empty element');
  });

  it('renders functions, type aliases and variables as members', () => {
    assert.deepEqual(
      byTag(doc, 'h3').map((el) => [el.attribs.id, text(byClass(el, 'api-member__name')[0]!)]),
      [
        ['createheadingnode', '$createHeadingNode()'],
        ['headingtagtype', 'HeadingTagType'],
        ['drag_drop_paste', 'DRAG_DROP_PASTE'],
      ],
    );
    const fn = memberSection(doc, 'createheadingnode');
    assert.deepEqual(tableRows(byClass(fn, 'api-table--parameters')[0]!), [['headingTag? (optional)', 'HeadingTagType', "Default: 'h1'"]]);
    assert.equal(text(byClass(fn, 'api-source')[0]!), 'Defined in @lexical/rich-text/index.d.ts:88');
    assert.equal(text(byClass(memberSection(doc, 'headingtagtype'), 'api-comment')[0]!), 'The tags a heading can have.');
    assert.ok(memberSection(doc, 'drag_drop_paste'));
  });
});

describe('index page', () => {
  const doc = assertWellFormed(render(indexView));

  it('is titled Table of Contents and links every module', () => {
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Table of Contents');
    assert.deepEqual(
      byTag(doc, 'a').map((a) => [text(a), a.attribs.href]),
      [
        ['lexical', '/docs/api/modules/lexical'],
        ['@lexical/rich-text', '/docs/api/modules/lexical_rich_text'],
      ],
    );
    assert.equal(text(byClass(doc, 'api-summary-list__summary')[0]!), 'The core editor.');
  });
});
