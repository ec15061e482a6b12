/** Loads the docs folder: frontmatter, ids, slugs, routes and `_category_` files, without compiling MDX. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import * as z from 'zod';
import { DocsiteError, DocsiteErrorList, locateKey, parsePosition, placed } from '../core/errors';
import { applyTrailingSlash, docSlug, joinUrl, parseDocPath, unsafeRouteReason, type SlashPolicy } from '../core/paths';
import type { FileFacts, FileFactsMemo } from './file-facts';
import { readFrontMatter, type DocFrontMatter } from './frontmatter';
import type { GeneratedDocFile } from './package-docs';
import { unsafeRouteError } from './route-safety';
import type { ContentReader } from './site-files';

export interface DocEntry {
  /** Doc id, e.g. `getting-started/quick-start`. */
  id: string;
  /** Path relative to the site folder (for messages). */
  source: string;
  absolutePath: string;
  /** Path relative to the docs folder, as written on disk (with number prefixes). */
  relativePath: string;
  /** Folder segments relative to the docs folder, as written on disk. */
  rawDirs: string[];
  route: string;
  frontMatter: DocFrontMatter;
  /** Position from frontmatter or the file's number prefix. */
  position?: number;
  digest: string;
  /** The text whose digest is `digest`; an unchanged file is read only when something asks for it. */
  readText(): Promise<string>;
  /** The docs version it belongs to (`current` is the docs folder); absent on sites without versions data. */
  version?: string;
  /** The locale it is shown in, when not the default one. */
  locale?: string;
  /** The docs set it belongs to, when not the main docs (an `extraDocs` id). */
  pluginId?: string;
}

export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsed?: boolean;
  collapsible?: boolean;
  className?: string;
  description?: string;
  link?: { type: 'doc'; id: string } | { type: 'generated-index'; slug?: string; title?: string; description?: string } | null;
}

export interface DocsLoadOptions {
  siteDir: string;
  docsDir: string;
  routeBase: string;
  /** The site's `trailingSlash` and base URL, which settle each doc's route. */
  slashes?: SlashPolicy;
  files: string[];
  categoryFiles: string[];
  /** Docs made at build time (package READMEs), placed in the docs as if they were files there. */
  generated?: GeneratedDocFile[];
  includeDrafts: boolean;
  /** Reads files through their checked real paths (see site-files.ts). */
  reader: ContentReader;
  /** Digests and frontmatter of files unchanged since an earlier scan, so they need not be read. */
  facts?: FileFactsMemo;
  /** A locale's translations: a file found here (same relative path) is read instead of the docs folder's. */
  translated?: { dir: string; files: Set<string> };
  /** `_category_.json` read as YAML, as Docusaurus reads it (a trailing comma is allowed), rather than as strict JSON. */
  categoryJsonAsYaml?: boolean;
  /** Stamped on every doc loaded. */
  version?: string;
  locale?: string;
  pluginId?: string;
}

export interface LoadedDocs {
  docs: DocEntry[];
  /** `_category_` metadata keyed by raw folder path relative to the docs folder. */
  categories: Map<string, CategoryMeta>;
}

/** `localeCompare`'s order (the default locale's), with one collator rather than one looked up per comparison. */
const byLocale = new Intl.Collator().compare;

export async function loadDocs(options: DocsLoadOptions): Promise<LoadedDocs> {
  const docs: DocEntry[] = [];
  const errors: DocsiteError[] = [];
  const inputs = [
    ...options.files.map((relativePath) => ({
      relativePath,
      absolutePath: path.join(options.translated?.files.has(relativePath) ? options.translated.dir : options.docsDir, relativePath),
    })),
    ...(options.generated ?? []),
  ];
  await Promise.all(
    inputs.map(async (input) => {
      try {
        const doc = await loadDoc(input, options);
        if (doc && (options.includeDrafts || !doc.frontMatter.draft)) docs.push(doc);
      } catch (error) {
        if (error instanceof DocsiteError) errors.push(error);
        else throw error;
      }
    }),
  );
  if (errors.length > 0) throw errors.length === 1 ? errors[0] : new DocsiteErrorList(errors);
  docs.sort((a, b) => byLocale(a.relativePath, b.relativePath));
  const categories = new Map<string, CategoryMeta>();
  for (const file of options.categoryFiles) {
    categories.set(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file), await loadCategory(file, options));
  }
  return { docs, categories };
}

async function loadDoc(
  input: { relativePath: string; absolutePath: string; text?: string; frontMatter?: DocFrontMatter },
  options: DocsLoadOptions,
): Promise<DocEntry> {
  const { relativePath, absolutePath } = input;
  const read =
    input.text === undefined
      ? await readDoc(absolutePath, options)
      : { ...factsOf(input.text, path.relative(options.siteDir, absolutePath)), text: input.text };
  const frontMatter = { ...read.frontMatter, ...input.frontMatter };
  const place = () => placeOf(relativePath, absolutePath, frontMatter, options);
  // An unchanged file's place in this docs instance is kept with its facts: worked out anew only
  // when the file changed, since working it out is most of a warm scan's time on a doc.
  const { id, source, rawDirs, route, position } =
    input.text === undefined && options.facts
      ? options.facts.derived(absolutePath, `${options.siteDir}\0${options.routeBase}\0${options.slashes?.trailingSlash}\0${relativePath}`, place)
      : place();
  const unsafe = await unsafeRouteError({
    route,
    keys: { slug: frontMatter.slug, id: frontMatter.id },
    source,
    text: async () => read.text ?? input.text ?? options.reader.readText(absolutePath),
  });
  if (unsafe) throw unsafe;
  return {
    id,
    source,
    absolutePath,
    relativePath,
    rawDirs,
    route,
    frontMatter,
    position,
    digest: read.digest,
    // Text read by the scan is kept, so that what is compiled is what was hashed.
    readText: read.text === undefined ? () => options.reader.readText(absolutePath) : async () => read.text!,
    ...(options.version ? { version: options.version } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.pluginId ? { pluginId: options.pluginId } : {}),
  };
}

/** Where a doc sits in its docs instance: what its path and its frontmatter make of it. */
interface DocPlace {
  id: string;
  source: string;
  rawDirs: string[];
  route: string;
  position?: number;
}

function placeOf(relativePath: string, absolutePath: string, frontMatter: DocFrontMatter, options: DocsLoadOptions): DocPlace {
  const { dirs, base, position } = parseDocPath(relativePath);
  const id = [...dirs, frontMatter.id ?? base].join('/');
  const slug = docSlug({ dirs, base, frontMatterSlug: frontMatter.slug, id });
  return {
    id,
    source: path.relative(options.siteDir, absolutePath),
    rawDirs: relativePath.split('/').slice(0, -1),
    // The docs' own index: `/docs/`, or `/` when the docs are at the site's root.
    route: applyTrailingSlash(slug === '/' ? joinUrl(options.routeBase, '/') : joinUrl(options.routeBase, slug), options.slashes),
    position: frontMatter.sidebar_position ?? position,
  };
}

/** The facts of a doc on disk: from the memo when the file did not change, else from its text. */
async function readDoc(file: string, options: DocsLoadOptions): Promise<FileFacts & { text?: string }> {
  const known = (await options.facts?.lookup(file)) ?? {};
  if (known.facts) return known.facts;
  const text = await options.reader.readText(file);
  const facts = factsOf(text, path.relative(options.siteDir, file));
  options.facts?.record(file, known.stamp, facts);
  return { ...facts, text };
}

function factsOf(text: string, source: string): FileFacts {
  return { digest: createHash('sha256').update(text).digest('hex'), frontMatter: readFrontMatter(text, source) };
}

/** The known keys of a `_category_` file; other keys are left alone, as Docusaurus's own (customProps, key) are. */
const categorySchema = z.looseObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().optional(),
  collapsible: z.boolean().optional(),
  className: z.string().optional(),
  description: z.string().optional(),
  link: z
    .union([
      z.looseObject({ type: z.literal('doc'), id: z.string() }),
      z.looseObject({ type: z.literal('generated-index'), slug: z.string().optional(), title: z.string().optional(), description: z.string().optional() }),
    ])
    .nullable()
    .optional(),
});

async function loadCategory(file: string, options: DocsLoadOptions): Promise<CategoryMeta> {
  const absolute = path.join(options.docsDir, file);
  const shown = path.relative(options.siteDir, absolute);
  const text = await options.reader.readText(absolute);
  let raw: unknown;
  try {
    raw = file.endsWith('.json') && !options.categoryJsonAsYaml ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new DocsiteError({
      code: 'CATEGORY_FILE_INVALID',
      message: `${shown} could not be parsed: ${firstLine((error as Error).message)}`,
      hint: 'A _category_ file holds JSON or YAML with keys like label, position, collapsed and link.',
      ...placed(shown, text, parsePosition(error, text)),
    });
  }
  // An empty YAML file is no metadata at all.
  if (raw === null || raw === undefined) return {};
  // A generated index's slug is its page's route.
  const link = (raw as { link?: { type?: unknown; slug?: unknown } } | null)?.link;
  const slug = link && link.type === 'generated-index' ? link.slug : undefined;
  const reason = typeof slug === 'string' ? unsafeRouteReason(slug) : undefined;
  if (reason) {
    throw new DocsiteError({
      code: 'ROUTE_UNSAFE',
      message: `The category's slug ${JSON.stringify(slug)} cannot be used: ${reason}, so its page could be written outside its place in the output folder.`,
      loc: locateKey(shown, text, 'slug'),
    });
  }
  const checked = categorySchema.safeParse(raw);
  if (checked.success) return checked.data as CategoryMeta;
  const issue = checked.error.issues[0]!;
  const key = issue.path.filter((part): part is string => typeof part === 'string');
  const at = key.length > 0 ? locateKey(shown, text, key[key.length - 1]!) : { file: shown };
  throw new DocsiteError({
    code: 'CATEGORY_FILE_INVALID',
    message: `${shown}: ${key.length > 0 ? `"${key.join('.')}" ` : ''}${issue.message}`,
    hint: 'A _category_ file takes label (text), position (a number), collapsed and collapsible (true or false), className, description and link.',
    ...placed(shown, text, at.line === undefined ? undefined : { line: at.line, column: at.column ?? 1 }),
  });
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
