/**
 * "Defined in" links: the apiDocs.sourceLink template filled in from the installed package (name,
 * version, repository.directory, declaration path, line), and the config checks on templates.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { validate } from '../../src/config/load';
import { DocsiteErrorList } from '../../src/core/errors';
import { API_MODEL_VERSION, type ApiMember, type ApiModel, type ApiSource } from '../../src/api/model';
import { linkSources } from '../../src/api/source-links';
import { repoRoot } from '../support/helpers';

const version = (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', 'lexical', 'package.json'), 'utf8')) as { version: string }).version;

function variable(name: string, source: ApiSource): ApiMember {
  return { kind: 'variable', name, anchor: name.toLowerCase(), signatures: [], flags: {}, source };
}

/** One module whose variables are declared in the given files. */
function model(sources: ApiSource[]): ApiModel {
  return {
    version: API_MODEL_VERSION,
    modules: [
      {
        id: 'lexical',
        name: 'lexical',
        packageName: 'lexical',
        packageVersion: version,
        classes: [],
        interfaces: [],
        functions: [],
        typeAliases: [],
        variables: sources.map((source, index) => variable(`v${index}`, source)),
      },
    ],
  };
}

const urls = (linked: ApiModel) => linked.modules[0]!.variables.map((member) => member.source?.url);

const FILE = 'https://github.com/facebook/lexical/blob/v{version}/{directory}/src/{stem}.ts#L{line}';

describe('source links', () => {
  test('the placeholders come from the installed package and the declaration', () => {
    const linked = linkSources(
      model([
        { file: 'lexical/nodes/LexicalElementNode.d.ts', line: 40 },
        { file: '@lexical/react/shared/LexicalMenu.d.ts', line: 7 },
      ]),
      {
        siteDir: repoRoot,
        packages: ['lexical', '@lexical/react'],
        template: FILE,
        byPackage: { '@lexical/react': 'https://example.com/{package}@{version}/{dirname}/{path}' },
      },
    );
    assert.deepEqual(urls(linked), [
      `https://github.com/facebook/lexical/blob/v${version}/packages/lexical/src/nodes/LexicalElementNode.ts#L40`,
      `https://example.com/@lexical/react@${version}/shared/shared/LexicalMenu.d.ts`,
    ]);
    assert.equal(linked.modules[0]!.variables[0]!.source!.file, 'lexical/nodes/LexicalElementNode.d.ts', 'the shown place stays the declaration');
  });

  test('no link without a template, for a package the reference does not document, or when a placeholder has no value', () => {
    const sources = [{ file: 'lexical/index.d.ts', line: 1 }];
    const plain = model(sources);
    assert.equal(linkSources(plain, { siteDir: repoRoot, packages: ['lexical'] }), plain);
    assert.deepEqual(urls(linkSources(model([{ file: 'yjs/dist/src/index.d.ts', line: 3 }]), { siteDir: repoRoot, packages: ['lexical'], template: FILE })), [
      undefined,
    ]);
    // yjs is documented here but its package.json has no repository.directory.
    assert.deepEqual(urls(linkSources(model([{ file: 'yjs/dist/src/index.d.ts', line: 3 }]), { siteDir: repoRoot, packages: ['yjs'], template: FILE })), [
      undefined,
    ]);
    assert.deepEqual(
      urls(linkSources(model([{ file: 'no-such-package/index.d.ts', line: 3 }]), { siteDir: repoRoot, packages: ['no-such-package'], template: FILE })),
      [undefined],
    );
  });

  test('the config accepts the placeholders and names an unknown one', () => {
    const config = validate({ title: 'x', apiDocs: { packages: ['lexical'], sourceLink: FILE } }, { displayName: 'site.config.ts', source: '' });
    assert.equal(config.apiDocs?.sourceLink, FILE);
    assert.throws(
      () =>
        validate({ title: 'x', apiDocs: { packages: ['lexical'], sourceLink: 'https://example.com/{file}' } }, { displayName: 'site.config.ts', source: '' }),
      (error: unknown) => error instanceof DocsiteErrorList && /\{package\}, \{version\}/.test(error.errors[0]!.message + (error.errors[0]!.hint ?? '')),
    );
    assert.throws(
      () =>
        validate(
          { title: 'x', apiDocs: { packages: ['lexical'], sourceLinkByPackage: { lexical: 'not a url {path}' } } },
          { displayName: 'site.config.ts', source: '' },
        ),
      DocsiteErrorList,
    );
  });
});
