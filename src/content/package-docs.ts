/**
 * Doc pages generated from installed npm packages: each listed package's README becomes a doc at
 * `<dir>/<scope>-<name>.md`. A package without a README gets a page from its package.json until
 * it has one. Nothing is written to disk; the READMEs are read on every build and watched by serve.
 */
import path from 'node:path';
import type { ParsedSiteConfig } from '../config/schema';
import { DocsiteError } from '../core/errors';
import type { DocFrontMatter } from './frontmatter';
import type { SiteFiles } from './site-files';
import { decodeText } from './text';

export type PackageDocsConfig = NonNullable<ParsedSiteConfig['packageDocs']>;

/** A doc that has no file under the docs folder. */
export interface GeneratedDocFile {
  /** Where it sits in the docs, as if it were a file there: `packages/lexical-rich-text.md`. */
  relativePath: string;
  /** The file it was made from, for messages and watching. */
  absolutePath: string;
  text: string;
  frontMatter: DocFrontMatter;
}

export interface PackageDocs {
  files: GeneratedDocFile[];
  warnings: DocsiteError[];
  /** Files whose change or creation changes the pages. */
  watch: string[];
}

/** What of the site's files package docs read: installed packages, wherever they lie. */
export type PackageFiles = Pick<SiteFiles, 'findPackage' | 'list' | 'readBytes'>;

export async function loadPackageDocs(options: {
  siteDir: string;
  configFile?: string;
  config: PackageDocsConfig | undefined;
  files: PackageFiles;
}): Promise<PackageDocs> {
  const docs: PackageDocs = { files: [], warnings: [], watch: [] };
  if (!options.config) return docs;
  const { dir, packages, frontMatter } = options.config;
  const configName = options.configFile ? path.relative(options.siteDir, options.configFile) : 'site config';
  const missing: string[] = [];
  for (const name of packages) {
    const packageDir = await options.files.findPackage(name, options.siteDir);
    if (!packageDir) {
      missing.push(name);
      continue;
    }
    docs.watch.push(path.join(packageDir, 'README.md'), path.join(packageDir, 'package.json'));
    const readme = await findReadme(packageDir, options.files);
    const text = readme
      ? await closeHeadingGaps(decodeText(await options.files.readBytes(readme), path.relative(options.siteDir, readme)))
      : await pageFromManifest(packageDir, name, options.files);
    if (!readme) {
      docs.warnings.push(
        new DocsiteError({
          code: 'PACKAGE_README_MISSING',
          message: `${name} has no README.md; its page shows the description from its package.json.`,
          hint: 'The page is rebuilt from the README as soon as the package has one.',
          loc: { file: path.relative(options.siteDir, path.join(packageDir, 'package.json')) },
        }),
      );
    }
    docs.files.push({
      relativePath: `${dir}/${pageName(name)}.md`,
      absolutePath: readme ?? path.join(packageDir, 'package.json'),
      text,
      frontMatter: frontMatter[name] ?? {},
    });
  }
  if (missing.length > 0) {
    throw new DocsiteError({
      code: 'PACKAGE_NOT_INSTALLED',
      message: `packageDocs lists ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not installed.`,
      hint: `Install ${missing.length === 1 ? 'it' : 'them'} (npm install --save-dev ${missing.join(' ')}) or remove ${missing.length === 1 ? 'it' : 'them'} from packageDocs.packages in ${configName}.`,
      loc: { file: configName },
    });
  }
  return docs;
}

/** `@lexical/rich-text` -> `lexical-rich-text`; `lexical` -> `lexical`. */
export function pageName(packageName: string): string {
  return packageName.replace(/^@/, '').replace('/', '-');
}

async function findReadme(packageDir: string, files: PackageFiles): Promise<string | undefined> {
  const entry = (await files.list(packageDir)).find((file) => /^readme\.md$/i.test(file));
  return entry ? path.join(packageDir, entry) : undefined;
}

async function pageFromManifest(packageDir: string, name: string, files: PackageFiles): Promise<string> {
  const manifest = JSON.parse(Buffer.from(await files.readBytes(path.join(packageDir, 'package.json'))).toString('utf8')) as {
    description?: string;
    version?: string;
  };
  return [
    `# \`${name}\``,
    '',
    manifest.description ? escapeMarkdown(manifest.description) : `Version ${manifest.version ?? 'unknown'} of ${name}.`,
    '',
    '```bash',
    `npm install ${name}`,
    '```',
    '',
  ].join('\n');
}

/** A description is plain text; MDX would read `<`, `{` and friends as syntax. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|]/g, (char) => `\\${char}`);
}

/**
 * READMEs often go from `#` straight to `###`; a page's outline may not skip a level (assistive
 * technology reads it as a missing section, and HTML checkers flag it). Each `#` heading sits one
 * level below the nearest heading above it that the README put higher (`#`, `###`, `####`, `###`
 * becomes `#`, `##`, `###`, `##`). A page has one `<h1>`: the README's first `#` heading is the
 * page's title, and a later `#` heading (a second title, `# HTML` under `# @lexical/html`) becomes a
 * section under it. Nothing else of the text changes.
 */
export async function closeHeadingGaps(markdown: string): Promise<string> {
  // The dev server scans at every update: an unchanged README is not parsed again.
  const known = closedReadmes.get(markdown);
  if (known !== undefined) return known;
  // Loaded here, not at the top: only a site with package pages parses Markdown on the main thread.
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  const closed = closeGapsIn(markdown, fromMarkdown);
  if (closedReadmes.size >= CLOSED_README_LIMIT) closedReadmes.delete(closedReadmes.keys().next().value!);
  closedReadmes.set(markdown, closed);
  return closed;
}

/** READMEs already closed, by their text; Map order makes the first key the oldest. */
const closedReadmes = new Map<string, string>();
const CLOSED_README_LIMIT = 200;

function closeGapsIn(markdown: string, fromMarkdown: (markdown: string) => MdNode): string {
  const edits: { offset: number; end: number; from: number; to: number }[] = [];
  // The headings a new one may sit under: their level in the README and on the page. The title, once
  // seen, stays at the bottom for good, so every later heading sits under it.
  const open: { depth: number; level: number }[] = [];
  let titled = false;
  visitHeadings(fromMarkdown(markdown), (depth, offset, end) => {
    while (open.length > (titled ? 1 : 0) && open[open.length - 1]!.depth >= depth) open.pop();
    const parent = open[open.length - 1];
    const level = parent ? parent.level + 1 : depth;
    if (level !== depth) edits.push({ offset, end, from: depth, to: level });
    if (!titled && level === 1) {
      titled = true;
      open.length = 0;
    }
    open.push({ depth, level });
  });
  let text = markdown;
  // From the end, so earlier offsets stay right.
  for (const { offset, end, from, to } of edits.reverse()) {
    const marker = /^ {0,3}(#+)/.exec(text.slice(offset));
    if (marker && marker[1]!.length === from) {
      const at = offset + marker[0].length - from;
      text = `${text.slice(0, at)}${'#'.repeat(to)}${text.slice(at + from)}`;
    } else if (!marker) {
      // An underlined heading can only be level 1 or 2: it is written with hashes instead, on one line.
      const lines = text.slice(offset, end).split('\n').slice(0, -1);
      text = `${text.slice(0, offset)}${'#'.repeat(to)} ${lines.map((line) => line.trim()).join(' ')}${text.slice(end)}`;
    }
  }
  return text;
}

function visitHeadings(node: MdNode, visit: (depth: number, offset: number, end: number) => void): void {
  const { start, end } = node.position ?? {};
  if (node.type === 'heading' && node.depth !== undefined && start?.offset !== undefined && end?.offset !== undefined)
    visit(node.depth, start.offset, end.offset);
  for (const child of node.children ?? []) visitHeadings(child, visit);
}

interface MdNode {
  type: string;
  depth?: number;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: MdNode[];
}
