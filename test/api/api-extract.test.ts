import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { extractApiModel } from '../../src/api/extract';
import { API_MODEL_VERSION, type ApiClassLike, type ApiMember, type ApiModel, type ApiModule, type ApiTokens } from '../../src/api/model';
import { CLI_TIMEOUT_MS, repoRoot } from '../support/helpers';

const code = (tokens: ApiTokens) => tokens.map((token) => token.text).join('');
const refs = (tokens: ApiTokens) => tokens.filter((token) => token.ref).map((token) => [token.text, token.ref]);

function moduleOf(model: ApiModel, name: string): ApiModule {
  const module = model.modules.find((m) => m.name === name);
  assert.ok(module, `module ${name}`);
  return module;
}

function classOf(module: ApiModule, name: string): ApiClassLike {
  const item = [...module.classes, ...module.interfaces].find((c) => c.name === name);
  assert.ok(item, `${name} in ${module.name}`);
  return item;
}

function memberOf(members: ApiMember[], anchor: string): ApiMember {
  const member = members.find((m) => m.anchor === anchor);
  assert.ok(member, `member #${anchor}`);
  return member;
}

/** Every `ref` and every `api:` link points at a page or anchor of the model; anchors are unique per page. */
function assertConsistent(model: ApiModel): void {
  const targets = new Set<string>();
  const addUnique = (page: string, anchors: string[]) => {
    assert.ok(!targets.has(page), `duplicate page ${page}`);
    targets.add(page);
    assert.equal(new Set(anchors).size, anchors.length, `anchors unique on ${page}`);
    for (const anchor of anchors) targets.add(`${page}#${anchor}`);
  };
  for (const module of model.modules) {
    addUnique(
      `modules/${module.id}`,
      [...module.functions, ...module.typeAliases, ...module.variables].map((m) => m.anchor),
    );
    for (const item of module.classes)
      addUnique(
        `classes/${item.id}`,
        item.members.map((m) => m.anchor),
      );
    for (const item of module.interfaces)
      addUnique(
        `interfaces/${item.id}`,
        item.members.map((m) => m.anchor),
      );
  }
  const json = JSON.stringify(model);
  for (const match of json.matchAll(/"ref":"([^"]+)"/g)) assert.ok(targets.has(match[1]!), `ref ${match[1]}`);
  for (const match of json.matchAll(/\]\(api:([^)\s]+)\)/g)) assert.ok(targets.has(match[1]!), `link api:${match[1]}`);
}

const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}
after(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function fixtureSite(): string {
  const site = tempDir('docsite-api-');
  cpSync(path.join(repoRoot, 'test', 'fixtures', 'api-package'), path.join(site, 'node_modules', 'fixture-api'), { recursive: true });
  return site;
}

let site: string;
let model: ApiModel;
let main: ApiModule;
let extra: ApiModule;
const warnings: string[] = [];

before(async () => {
  site = fixtureSite();
  const result = await extractApiModel({ siteDir: site, packages: ['fixture-api'], cacheDir: path.join(site, '.docsite'), onWarning: (m) => warnings.push(m) });
  assert.equal(result.cached, false);
  model = result.model;
  main = moduleOf(model, 'fixture-api');
  extra = moduleOf(model, 'fixture-api/extra');
});

test('fixture: one module per export subpath, ids and package data', () => {
  assert.equal(model.version, API_MODEL_VERSION);
  assert.deepEqual(
    model.modules.map((m) => [m.id, m.name, m.packageName, m.packageVersion]),
    [
      ['fixture_api', 'fixture-api', 'fixture-api', '1.2.3'],
      ['fixture_api_extra', 'fixture-api/extra', 'fixture-api', '1.2.3'],
    ],
  );
  assert.deepEqual(main.comment, { summary: 'Widgets for the API extraction fixture.', examples: [], see: [], other: [] });
  assert.equal(extra.comment, undefined);
  assert.deepEqual(warnings, []);
  assertConsistent(model);
});

test('fixture: classes, interfaces and module members are placed and sorted', () => {
  assert.deepEqual(
    main.classes.map((c) => [c.kind, c.id]),
    [
      ['class', 'fixture_api.BaseWidget'],
      ['class', 'fixture_api.Widget'],
    ],
  );
  assert.deepEqual(
    main.interfaces.map((c) => [c.kind, c.id]),
    [['interface', 'fixture_api.Renderable']],
  );
  assert.deepEqual(
    main.functions.map((m) => [m.kind, m.name, m.anchor]),
    [
      ['function', '$getWidget', 'getwidget'],
      ['function', 'createWidget', 'createwidget'],
      ['function', 'toKey', 'tokey'],
    ],
  );
  assert.deepEqual(
    main.typeAliases.map((m) => [m.kind, m.name, m.anchor]),
    [
      ['typeAlias', 'WidgetKey', 'widgetkey'],
      ['typeAlias', 'WidgetListener', 'widgetlistener'],
    ],
  );
  assert.deepEqual(
    main.variables.map((m) => [m.kind, m.name, m.anchor]),
    [['variable', 'DEFAULT_KEY', 'default_key']],
  );
  // The re-export of BaseWidget from ./extra is not a second page.
  assert.deepEqual(extra.classes, []);
  assert.deepEqual(
    extra.interfaces.map((c) => c.id),
    ['fixture_api_extra.ExtraOptions'],
  );
  assert.deepEqual(
    extra.functions.map((m) => m.name),
    ['makeDefaultWidget'],
  );
});

test('fixture: class members come constructor first, then properties, accessors, methods, with unique anchors', () => {
  const widget = classOf(main, 'Widget');
  assert.deepEqual(
    widget.members.map((m) => [m.kind, m.name, m.anchor, m.flags, m.inheritedFrom?.name]),
    [
      ['constructor', 'constructor', 'constructor', {}, undefined],
      ['property', 'data', 'data', { optional: true }, undefined],
      ['property', 'key', 'key', { readonly: true }, 'BaseWidget.key'],
      ['property', 'label', 'label', {}, undefined],
      ['accessor', 'size', 'size', {}, undefined],
      ['method', 'clone', 'clone', {}, undefined],
      ['method', 'clone', 'clone-1', { static: true }, undefined],
      ['method', 'dispose', 'dispose', {}, 'BaseWidget.dispose'],
      ['method', 'getKey', 'getkey', {}, 'BaseWidget.getKey'],
      ['method', 'invalidate', 'invalidate', { protected: true }, 'BaseWidget.invalidate'],
      ['method', 'remove', 'remove', {}, 'BaseWidget.remove'],
      ['method', 'render', 'render', {}, undefined],
    ],
  );
  assert.deepEqual(memberOf(widget.members, 'getkey').inheritedFrom, { name: 'BaseWidget.getKey', ref: 'classes/fixture_api.BaseWidget#getkey' });
  // The private member is left out.
  assert.deepEqual(
    classOf(main, 'BaseWidget').members.map((m) => m.anchor),
    ['constructor', 'key', 'dispose', 'getkey', 'invalidate', 'remove', 'render'],
  );
});

test('fixture: hierarchy with tokens and back-links', () => {
  const base = classOf(main, 'BaseWidget');
  const widget = classOf(main, 'Widget');
  const renderable = classOf(main, 'Renderable');
  assert.deepEqual(widget.extends, [[{ text: 'BaseWidget', ref: 'classes/fixture_api.BaseWidget' }]]);
  assert.deepEqual(widget.implements, [[{ text: 'Renderable', ref: 'interfaces/fixture_api.Renderable' }]]);
  assert.deepEqual(widget.typeParameters, [{ name: 'T', default: [{ text: 'unknown' }] }]);
  assert.deepEqual(base.extendedBy, [{ name: 'Widget', ref: 'classes/fixture_api.Widget' }]);
  assert.deepEqual(base.extends, []);
  assert.deepEqual(renderable.implementedBy, [{ name: 'Widget', ref: 'classes/fixture_api.Widget' }]);
  assert.deepEqual(widget.source, { file: 'fixture-api/index.d.ts', line: 62 });
  assert.deepEqual(renderable.source, { file: 'fixture-api/index.d.ts', line: 17 });
});

test('fixture: member signatures read like the declarations', () => {
  const base = classOf(main, 'BaseWidget');
  const widget = classOf(main, 'Widget');
  const renderable = classOf(main, 'Renderable');
  const signatureCode = (member: ApiMember) => member.signatures.map((s) => code(s.code));
  assert.deepEqual(signatureCode(memberOf(base.members, 'constructor')), ['constructor(key?: WidgetKey)']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'constructor')), ['constructor(key: WidgetKey, label: string)']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'key')), ['readonly key: WidgetKey']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'data')), ['data?: T']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'size')), ['get size(): number']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'clone')), ['clone(): Widget<T>']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'clone-1')), ['static clone<U>(widget: Widget<U>): Widget<U>']);
  assert.deepEqual(signatureCode(memberOf(widget.members, 'invalidate')), ['protected invalidate(): void']);
  assert.deepEqual(signatureCode(memberOf(renderable.members, 'id')), ['readonly id?: string']);

  const ctor = memberOf(base.members, 'constructor').signatures[0]!;
  assert.deepEqual(refs(ctor.code), [['WidgetKey', 'modules/fixture_api#widgetkey']]);
  assert.deepEqual(ctor.parameters, [
    {
      name: 'key',
      type: [{ text: 'WidgetKey', ref: 'modules/fixture_api#widgetkey' }],
      optional: true,
      rest: false,
      comment: 'Its key; [DEFAULT_KEY](api:modules/fixture_api#default_key) when left out.',
    },
  ]);
  assert.deepEqual(ctor.comment?.summary, 'Creates a widget.');

  const staticClone = memberOf(widget.members, 'clone-1').signatures[0]!;
  assert.deepEqual(staticClone.typeParameters, [{ name: 'U' }]);
  assert.deepEqual(refs(staticClone.returns!), [['Widget', 'classes/fixture_api.Widget']]);
  assert.deepEqual(memberOf(widget.members, 'size').comment?.summary, 'Number of characters in the label.');
  assert.deepEqual(memberOf(widget.members, 'size').signatures[0]!.returns, [{ text: 'number' }]);
  assert.deepEqual(memberOf(widget.members, 'label').comment?.summary, 'The text shown to users.');
  assert.deepEqual(memberOf(widget.members, 'render').source, { file: 'fixture-api/index.d.ts', line: 71 });
  // Inherited members keep the source of their declaration.
  assert.deepEqual(memberOf(widget.members, 'getkey').source, { file: 'fixture-api/index.d.ts', line: 38 });
});

test('fixture: a generic function with constraint, default, optional and rest parameters and a full comment', () => {
  const createWidget = memberOf(main.functions, 'createwidget');
  assert.equal(createWidget.signatures.length, 1);
  const signature = createWidget.signatures[0]!;
  assert.equal(code(signature.code), 'function createWidget<T extends object = {}>(key: WidgetKey, label?: string, ...parts: string[]): Widget<T>');
  assert.deepEqual(refs(signature.code), [
    ['WidgetKey', 'modules/fixture_api#widgetkey'],
    ['Widget', 'classes/fixture_api.Widget'],
  ]);
  assert.deepEqual(signature.typeParameters, [
    { name: 'T', constraint: [{ text: 'object' }], default: [{ text: '{}' }], comment: 'Data attached to the widget.' },
  ]);
  assert.deepEqual(
    signature.parameters.map((p) => [p.name, code(p.type), p.optional, p.rest, p.comment]),
    [
      ['key', 'WidgetKey', false, false, 'The key of the new widget.'],
      ['label', 'string', true, false, 'Text shown; the key when left out.'],
      ['parts', 'string[]', false, true, 'More text appended to the label.'],
    ],
  );
  assert.deepEqual(signature.returns, [{ text: 'Widget', ref: 'classes/fixture_api.Widget' }, { text: '<T>' }]);
  assert.deepEqual(signature.comment, {
    summary: 'Creates a [Widget](api:classes/fixture_api.Widget) from its parts.',
    examples: ["```ts\nconst widget = createWidget('k', 'Label', 'a', 'b');\n```"],
    see: ['[BaseWidget](api:classes/fixture_api.BaseWidget)', 'https://example.com/widgets'],
    returns: 'The new widget.',
    other: [{ tag: 'since', content: '1.1.0' }],
  });
  assert.deepEqual(createWidget.source, { file: 'fixture-api/index.d.ts', line: 94 });
});

test('fixture: overloads, nullable returns, type aliases and constants', () => {
  assert.deepEqual(
    memberOf(main.functions, 'tokey').signatures.map((s) => [code(s.code), s.comment?.summary]),
    [
      ['function toKey(value: number): WidgetKey', 'Turns a number into a key.'],
      ['function toKey(value: string): WidgetKey', 'Keeps a string key as is.'],
    ],
  );
  assert.equal(code(memberOf(main.functions, 'getwidget').signatures[0]!.code), 'function $getWidget(key: WidgetKey): Widget | null');
  const key = memberOf(main.typeAliases, 'widgetkey');
  assert.deepEqual(
    key.signatures.map((s) => code(s.code)),
    ['type WidgetKey = string'],
  );
  assert.deepEqual(key.comment?.summary, 'Identifies a widget.');
  const listener = memberOf(main.typeAliases, 'widgetlistener').signatures[0]!;
  assert.equal(code(listener.code), 'type WidgetListener = (widget: Widget, reason: "created" | "removed") => void');
  assert.deepEqual(refs(listener.code), [['Widget', 'classes/fixture_api.Widget']]);
  const constant = memberOf(main.variables, 'default_key');
  assert.deepEqual(constant.signatures[0]!.code, [{ text: 'const DEFAULT_KEY: ' }, { text: 'WidgetKey', ref: 'modules/fixture_api#widgetkey' }]);
  assert.deepEqual(constant.source, { file: 'fixture-api/index.d.ts', line: 14 });
});

test('fixture: comments — deprecation with a reason, examples, @see by name, links across modules', () => {
  const base = classOf(main, 'BaseWidget');
  const remove = memberOf(base.members, 'remove').signatures[0]!.comment!;
  assert.equal(remove.summary, 'Detaches the widget.');
  assert.equal(remove.deprecated, 'Use [BaseWidget.dispose](api:classes/fixture_api.BaseWidget#dispose) instead.');
  assert.equal(memberOf(base.members, 'dispose').signatures[0]!.comment!.deprecated, undefined);

  const widget = classOf(main, 'Widget');
  assert.deepEqual(widget.comment, {
    summary: 'A widget with a label.',
    examples: ["```ts\nconst widget = new Widget('save', 'Save');\nwidget.render(2);\n```"],
    see: ['[Renderable](api:interfaces/fixture_api.Renderable)'],
    other: [],
  });
  // Inherited members carry the comment of their ancestor.
  assert.equal(
    memberOf(widget.members, 'remove').signatures[0]!.comment?.deprecated,
    'Use [BaseWidget.dispose](api:classes/fixture_api.BaseWidget#dispose) instead.',
  );

  const makeDefault = memberOf(extra.functions, 'makedefaultwidget').signatures[0]!;
  assert.equal(code(makeDefault.code), 'function makeDefaultWidget(key: string, options?: ExtraOptions): Widget');
  assert.deepEqual(refs(makeDefault.code), [
    ['ExtraOptions', 'interfaces/fixture_api_extra.ExtraOptions'],
    ['Widget', 'classes/fixture_api.Widget'],
  ]);
  // A link to the name ./extra re-exports goes to the page of the module declaring it.
  assert.equal(makeDefault.comment?.summary, 'Builds the default widget for a key: a [BaseWidget](api:classes/fixture_api.BaseWidget) with a label.');
  assert.equal(classOf(extra, 'ExtraOptions').comment?.summary, 'Options of [makeDefaultWidget](api:modules/fixture_api_extra#makedefaultwidget).');
});

test('fixture: the cache is written once and hit by a second call, also from another process', async () => {
  const cacheDir = path.join(site, '.docsite');
  const files = readdirSync(path.join(cacheDir, 'store', 'api-model'));
  assert.equal(files.length, 1);
  assert.match(files[0]!, /^[0-9a-f]{32}$/);

  const again = await extractApiModel({ siteDir: site, packages: ['fixture-api'], cacheDir });
  assert.equal(again.cached, true);
  assert.deepEqual(again.model, model);

  const script = path.join(site, 'second-call.mts');
  writeFileSync(
    script,
    `import { extractApiModel } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'src', 'api', 'extract.ts')).href)};\n` +
      `const r = await extractApiModel({ siteDir: ${JSON.stringify(site)}, packages: ['fixture-api'], cacheDir: ${JSON.stringify(cacheDir)} });\n` +
      `console.log(JSON.stringify({ cached: r.cached, modules: r.model.modules.length }));\n`,
  );
  const child = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, encoding: 'utf8', timeout: CLI_TIMEOUT_MS, killSignal: 'SIGKILL' });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout.trim()), { cached: true, modules: 2 });

  // A change to a declaration file makes a new cache entry.
  const changed = fixtureSite();
  const file = path.join(changed, 'node_modules', 'fixture-api', 'extra.d.ts');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n/** Added later. */\nexport declare const EXTRA_VERSION: number;\n`);
  const fresh = await extractApiModel({ siteDir: changed, packages: ['fixture-api'], cacheDir });
  assert.equal(fresh.cached, false);
  assert.deepEqual(
    moduleOf(fresh.model, 'fixture-api/extra').variables.map((v) => v.name),
    ['EXTRA_VERSION'],
  );
});

test('missing packages and packages without declarations are clear errors', async () => {
  const empty = tempDir('docsite-api-empty-');
  await assert.rejects(
    extractApiModel({ siteDir: empty, packages: ['no-such-package-for-docsite'], cacheDir: path.join(empty, '.docsite') }),
    /cannot find the package "no-such-package-for-docsite"/,
  );
  const untyped = path.join(empty, 'node_modules', 'untyped');
  mkdirSync(untyped, { recursive: true });
  writeFileSync(path.join(untyped, 'package.json'), JSON.stringify({ name: 'untyped', version: '1.0.0', main: 'index.js' }));
  await assert.rejects(
    extractApiModel({ siteDir: empty, packages: ['untyped'], cacheDir: path.join(empty, '.docsite') }),
    /"untyped" .* has no TypeScript declarations/,
  );
});

test('the installed lexical packages', async () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  const packages = Object.keys(manifest.devDependencies).filter((name) => name === 'lexical' || name.startsWith('@lexical/'));
  assert.equal(packages.length, 25);
  const cacheDir = tempDir('docsite-api-lexical-');
  const warnings: string[] = [];

  const cold = await extractApiModel({ siteDir: repoRoot, packages, cacheDir, onWarning: (m) => warnings.push(m) });
  const cached = await extractApiModel({ siteDir: repoRoot, packages, cacheDir });
  assert.equal(cold.cached, false);
  assert.equal(cached.cached, true);
  const lexicalModel = cold.model;
  const count = (key: 'classes' | 'interfaces' | 'functions' | 'typeAliases' | 'variables') =>
    lexicalModel.modules.reduce((sum, module) => sum + module[key].length, 0);
  console.log(
    `lexical API: TypeDoc (cold) ${Math.round(cold.ms)} ms, cached ${Math.round(cached.ms)} ms; ` +
      `${lexicalModel.modules.length} modules, ${count('classes')} classes, ${count('interfaces')} interfaces, ` +
      `${count('functions')} functions, ${count('typeAliases')} type aliases, ${count('variables')} variables`,
  );
  assert.deepEqual(warnings, []);

  assert.equal(lexicalModel.modules.length, 67);
  assert.equal(lexicalModel.modules.filter((m) => m.packageName === '@lexical/react').length, 43);
  assert.ok(lexicalModel.modules.some((m) => m.name === '@lexical/react/LexicalComposer' && m.id === 'lexical_react_LexicalComposer'));
  const lexical = moduleOf(lexicalModel, 'lexical');
  assert.equal(lexical.packageVersion, '0.33.1');
  assert.ok(lexical.classes.some((c) => c.id === 'lexical.ElementNode'));
  assert.ok(lexical.classes.some((c) => c.id === 'lexical.TextNode'));
  assert.ok(lexical.interfaces.some((c) => c.id === 'lexical.BaseSelection'));
  // Classes exported with `export type { ... }` are still classes, at the URLs the public site used.
  for (const name of ['LexicalEditor', 'LexicalNode', 'RangeSelection', 'NodeSelection', 'EditorState']) {
    assert.ok(
      lexical.classes.some((c) => c.id === `lexical.${name}`),
      name,
    );
  }
  const pagesOf = (kind: 'classes' | 'interfaces') => lexicalModel.modules.reduce((sum, m) => sum + m[kind].length, 0);
  assert.deepEqual([pagesOf('classes'), pagesOf('interfaces')], [39, 27]);
  assert.ok(
    moduleOf(lexicalModel, '@lexical/react/LexicalDecoratorBlockNode').classes.some(
      (c) => c.id === 'lexical_react_LexicalDecoratorBlockNode.DecoratorBlockNode',
    ),
  );
  assert.ok(moduleOf(lexicalModel, '@lexical/yjs').interfaces.some((c) => c.id === 'lexical_yjs.Provider'));

  const getRoot = memberOf(lexical.functions, 'getroot');
  assert.equal(getRoot.name, '$getRoot');
  assert.equal(code(getRoot.signatures[0]!.code), 'function $getRoot(): RootNode');
  assert.deepEqual(getRoot.signatures[0]!.returns, [{ text: 'RootNode', ref: 'classes/lexical.RootNode' }]);

  // Declared in lexical, re-exported by @lexical/selection (listed first): documented once, in lexical.
  assert.ok(lexical.functions.some((f) => f.name === '$selectAll'));
  assert.ok(!moduleOf(lexicalModel, '@lexical/selection').functions.some((f) => f.name === '$selectAll'));

  // Aliases of primitives stay as written; inherited members point at their ancestor.
  const textNode = classOf(lexical, 'TextNode');
  assert.equal(code(memberOf(textNode.members, 'constructor').signatures[0]!.code), 'constructor(text?: string, key?: NodeKey)');
  assert.deepEqual(memberOf(textNode.members, 'getkey').inheritedFrom, { name: 'LexicalNode.getKey', ref: 'classes/lexical.LexicalNode#getkey' });
  const elementNode = classOf(lexical, 'ElementNode');
  assert.equal(code(memberOf(elementNode.members, 'getchildren').signatures[0]!.code), 'getChildren<T extends LexicalNode>(): T[]');
  assert.ok(elementNode.extendedBy.some((c) => c.ref === 'classes/lexical_rich_text.QuoteNode'));
  assertConsistent(lexicalModel);
});
