/**
 * Two content files that claim one doc id or one URL: found when the site is scanned, before
 * anything is compiled, and reported with both files at the frontmatter line the claim comes from.
 */
import type { DocEntry } from '../../content/docs';
import { codeFrame, DocsiteError, fileByLevel, formatLocation, type SourceLocation } from '../../core/errors';
import { routeToFile } from '../../core/paths';
import type { ReportLevel } from '../../config/schema';
import type { BlogPost } from '../../blog/load';

/** A file that claims a route, and what in it makes the claim (its `slug:` or `id:` frontmatter key). */
interface Claim {
  route: string;
  source: string;
  readText: () => Promise<string>;
  keys: string[];
}

/** A page of content/pages, as the site model holds it. */
interface PageFile {
  route: string;
  source: string;
  mdx?: { readText(): Promise<string> };
}

export interface CollisionCheck<Page extends PageFile> {
  docs: DocEntry[];
  pages: Page[];
  posts: BlogPost[];
  errors: DocsiteError[];
  warnings: DocsiteError[];
}

/**
 * Docs of one version and locale that share an id are an error (links and sidebars name docs by
 * id); files whose pages would be written to the same output file are filed as `onDuplicateRoutes`
 * says, and when that is not an error the first keeps the URL and the other is left out.
 */
export async function checkCollisions<Page extends PageFile>(input: {
  docs: DocEntry[];
  pages: Page[];
  posts: BlogPost[];
  level: ReportLevel;
  instanceOf: (doc: DocEntry) => string;
}): Promise<CollisionCheck<Page>> {
  const errors: DocsiteError[] = [];
  const warnings: DocsiteError[] = [];
  const byId = new Map<string, DocEntry>();
  for (const doc of input.docs) {
    const key = `${input.instanceOf(doc)}\0${doc.id}`;
    const first = byId.get(key);
    if (!first) {
      byId.set(key, doc);
      continue;
    }
    const [here, there] = await Promise.all([locate(docClaim(doc), ['id']), locate(docClaim(first), ['id'])]);
    errors.push(
      new DocsiteError({
        code: 'DUPLICATE_DOC_ID',
        message: `Two docs have the id "${doc.id}": ${formatLocation(here.loc)} and ${formatLocation(there.loc)}.`,
        hint: 'Give one of them another `id` in its frontmatter, or rename its file.',
        loc: here.loc,
        ...(here.frame ? { frame: here.frame } : {}),
      }),
    );
  }

  // Docs that share an id share their route as a rule: the id error says all there is to say.
  if (errors.length > 0) return { docs: input.docs, pages: input.pages, posts: input.posts, errors, warnings };
  const claims: { claim: Claim; keep: () => void }[] = [];
  const docs: DocEntry[] = [];
  const pages: Page[] = [];
  const posts: BlogPost[] = [];
  for (const doc of input.docs) claims.push({ claim: docClaim(doc), keep: () => docs.push(doc) });
  for (const page of input.pages)
    claims.push({
      claim: { route: page.route, source: page.source, readText: async () => (page.mdx ? page.mdx.readText() : ''), keys: ['slug'] },
      keep: () => pages.push(page),
    });
  for (const post of input.posts)
    claims.push({ claim: { route: post.route, source: post.source, readText: async () => post.text, keys: ['slug'] }, keep: () => posts.push(post) });
  const byFile = new Map<string, Claim>();
  for (const { claim, keep } of claims) {
    const outFile = routeToFile(claim.route);
    const first = byFile.get(outFile);
    if (!first) {
      byFile.set(outFile, claim);
      keep();
      continue;
    }
    const [here, there] = await Promise.all([locate(claim, claim.keys), locate(first, first.keys)]);
    const error = new DocsiteError({
      code: 'DUPLICATE_ROUTE',
      message: `${formatLocation(here.loc)} and ${formatLocation(there.loc)} both make the page ${claim.route}${input.level === 'throw' ? '' : `; ${first.source} keeps it`}.`,
      hint: 'Give one of them another `slug` in its frontmatter, or rename or move its file.',
      loc: here.loc,
      ...(here.frame ? { frame: here.frame } : {}),
    });
    fileByLevel(input.level, error, errors, warnings);
  }
  return { docs, pages, posts, errors, warnings };
}

function docClaim(doc: DocEntry): Claim {
  // The route comes from `slug` when there is one, else from the id (its `id` key or the file name).
  return { route: doc.route, source: doc.source, readText: doc.readText, keys: ['slug', 'id'] };
}

/** The file at the first of `keys` its frontmatter sets; the file alone when it sets none (its name made the claim). */
async function locate(claim: Claim, keys: string[]): Promise<{ loc: SourceLocation; frame?: string }> {
  let text: string;
  try {
    text = await claim.readText();
  } catch {
    return { loc: { file: claim.source } };
  }
  for (const key of keys) {
    const line = frontMatterLine(text, key);
    if (line !== undefined) return { loc: { file: claim.source, line, column: 1 }, frame: codeFrame(text, line, 1) };
  }
  return { loc: { file: claim.source } };
}

/** The 1-based line of a top-level key of the frontmatter block, if it sets that key. */
function frontMatterLine(text: string, key: string): number | undefined {
  const lines = text.split('\n', 200);
  if (!/^---\s*$/.test(lines[0] ?? '')) return undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^(---|\.\.\.)\s*$/.test(line)) return undefined;
    if (line.startsWith(`${key}:`)) return i + 1;
  }
  return undefined;
}
