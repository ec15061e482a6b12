/**
 * The pages docsite writes itself (sidebar index pages, API reference pages, blog lists, the default
 * home, search and status pages), each as the source code of a small React module with its data
 * inlined. The bundle stage compiles this code as it does a page's own.
 */
import type { ApiPage } from '../../api/pages';
import type { GeneratedIndex } from '../../core/sidebars';
import { routeToFile } from '../../core/paths';
import { docsiteLocations } from '../../infra/locations';
import type { NavLink, PageData, SiteData } from '../../shared/types';
import type { Navigation } from './navigation';
import type { RouteEntry } from './types';

export const NOT_FOUND_ROUTE = '/404.html';
export const BAD_PATH_ROUTE = '/400.html';

/**
 * A route whose content module is generated code. Its imports are docsite's own (the theme, React),
 * resolved from the theme's folder: so the modules pages share are named the same whichever folder
 * the command runs in, and the shared bundle stays the same. The code is text made here, not .tsx
 * files it could import, because the text is what the bundle stage digests into each page's chunk
 * and its output name.
 */
export function codeRoute(page: PageData, code: string): RouteEntry {
  return {
    route: page.route,
    outFile: routeToFile(page.route),
    module: { type: 'code', code, resolveDir: docsiteLocations().themeDir },
    contentLinks: new Map(),
    page,
  };
}

/** The index page a sidebar category asks for: its title, description and a card per item. */
export function generatedIndexRoute(
  index: GeneratedIndex,
  navigation: Partial<PageData> & { breadcrumbs: NavLink[] },
  headTitle: (title: string) => string,
): RouteEntry {
  const code = [
    "import { jsx, jsxs } from 'react/jsx-runtime';",
    `const data = ${JSON.stringify({ title: index.title, description: index.description ?? '', items: index.items })};`,
    'export default function GeneratedIndex() {',
    "  return jsxs('div', { className: 'generated-index', children: [",
    "    jsx('h1', { children: data.title }),",
    "    data.description ? jsx('p', { children: data.description }) : null,",
    "    jsx('ul', { className: 'generated-index__list', children: data.items.map((item) => jsx('li', { children: jsx('a', { className: 'generated-index__card', href: item.href, children: item.label }) }, item.href)) }),",
    '  ] });',
    '}',
  ].join('\n');
  return codeRoute(
    {
      route: index.route,
      kind: 'doc',
      title: index.title,
      headTitle: headTitle(index.title),
      description: index.description,
      hideTitle: false,
      contentHasTitle: true,
      toc: [],
      ...navigation,
    },
    code,
  );
}

/** The code of each API page, made once per page object: the dev server makes its route table again at every edit, and API views are large. */
const apiPageCode = new WeakMap<ApiPage, string>();

/** An API reference page: the theme's ApiPage component with the page's view. */
export function apiRoute(page: ApiPage, navigation: Navigation, headTitle: (title: string) => string): RouteEntry {
  const code =
    apiPageCode.get(page) ??
    [
      "import { jsx } from 'react/jsx-runtime';",
      "import ApiPage from '@theme/api/ApiPage';",
      `const view = ${JSON.stringify(page.view)};`,
      'export default function ApiReferencePage() {',
      '  return jsx(ApiPage, { view });',
      '}',
    ].join('\n');
  apiPageCode.set(page, code);
  return codeRoute(
    {
      route: page.route,
      kind: 'doc',
      title: page.title,
      headTitle: headTitle(page.title),
      ...(page.description ? { description: page.description } : {}),
      hideTitle: false,
      contentHasTitle: true,
      toc: page.toc,
      ...navigation,
    },
    code,
  );
}

/**
 * A blog list page (the index, a tag's or an author's posts, an archive): the theme's component named
 * `component` with the page's view and its posts' excerpts, each imported by its specifier (`null`
 * for an excerpt that did not compile).
 */
export function blogListCode(component: string, view: unknown, excerpts: string[]): string {
  return [
    "import { jsx } from 'react/jsx-runtime';",
    `import Page from '@theme/blog/${component}';`,
    ...excerpts.map((specifier, i) => (specifier === 'null' ? `const E${i} = () => null;` : `import E${i} from ${JSON.stringify(specifier)};`)),
    `const view = ${JSON.stringify(view)};`,
    `const excerpts = [${excerpts.map((_, i) => `E${i}`).join(', ')}];`,
    'export default function BlogPage() {',
    '  return jsx(Page, { view, excerpts });',
    '}',
  ].join('\n');
}

/** A site without a home page still gets one: its title and tagline and the way into the docs. */
export function defaultHomeRoute(route: string, site: SiteData, first: NavLink, locale?: string): RouteEntry {
  const code = [
    "import { jsx, jsxs } from 'react/jsx-runtime';",
    `const data = ${JSON.stringify({ title: site.title, tagline: site.tagline, href: first.href })};`,
    'export default function DefaultHome() {',
    "  return jsxs('div', { className: 'default-home', children: [",
    "    jsx('h1', { children: data.title }),",
    "    data.tagline ? jsx('p', { children: data.tagline }) : null,",
    "    jsx('p', { children: jsx('a', { className: 'button button--primary', href: data.href, children: 'Read the docs' }) }),",
    '  ] });',
    '}',
  ].join('\n');
  return codeRoute(
    {
      route,
      kind: 'page',
      title: site.title,
      headTitle: site.title,
      hideTitle: true,
      contentHasTitle: true,
      toc: [],
      breadcrumbs: [],
      ...(locale ? { locale } : {}),
    },
    code,
  );
}

/** The search page (`/search?q=...`): the query comes from the address, so the page is the same for every query. */
export function searchRoute(route: string, site: SiteData): RouteEntry {
  const code = [
    "import { jsx } from 'react/jsx-runtime';",
    "import SearchPage from '@theme/search/SearchPage';",
    `const props = ${JSON.stringify({ search: site.search, siteUrl: site.url })};`,
    'export default function SearchContent() {',
    '  return jsx(SearchPage, props);',
    '}',
  ].join('\n');
  const title = 'Search the documentation';
  return codeRoute(
    { route, kind: 'page', title, headTitle: `${title} | ${site.title}`, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [] },
    code,
  );
}

/** The page both servers answer with, status 400, when a path's percent-encoding is broken. */
export function badPathRoute(site: SiteData): RouteEntry {
  return codeRoute(
    {
      route: BAD_PATH_ROUTE,
      kind: 'notFound',
      status: 400,
      title: 'Pathname could not be decoded',
      headTitle: `Pathname could not be decoded | ${site.title}`,
      hideTitle: true,
      contentHasTitle: true,
      toc: [],
      breadcrumbs: [],
    },
    'export default function BadPathContent() { return null; }',
  );
}

/** The page served, status 404, for a path no page answers; the theme writes what it says. */
export function notFoundRoute(site: SiteData, inLocale?: { locale: string; route: string }): RouteEntry {
  return codeRoute(
    {
      // Each other locale has its own, in its language, where Docusaurus writes it (`/fr/404.html`).
      route: inLocale?.route ?? NOT_FOUND_ROUTE,
      ...(inLocale ? { locale: inLocale.locale } : {}),
      kind: 'notFound',
      title: 'Page Not Found',
      headTitle: `Page Not Found | ${site.title}`,
      hideTitle: true,
      contentHasTitle: true,
      toc: [],
      breadcrumbs: [],
    },
    'export default function NotFoundContent() { return null; }',
  );
}
