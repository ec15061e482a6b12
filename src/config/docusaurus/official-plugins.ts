/**
 * Docusaurus's own plugins given as `plugins` entries, mapped onto what docsite has: each is found by
 * its short or package name and its options go through a table written like the preset's.
 */
import { tagHtml } from './plugins/html-tags';
import type { RouteRedirects } from './plugins/types';
import { accepted, nested, setOption, unsupported, to, type MapContext, type Rule, type Table } from './rules';

/** The preset's `gtag` and the gtag plugin's options: Docusaurus takes one tracking ID or a list, docsite one. */
export const GTAG: Rule = to('gtag', (value) => {
  const gtag = value as { trackingID?: unknown };
  return Array.isArray(gtag.trackingID) && gtag.trackingID.length === 1 ? { ...gtag, trackingID: gtag.trackingID[0] } : value;
});

/** The preset's `sitemap` and the sitemap plugin's options: docsite writes sitemap.xml of every indexable page. */
export const SITEMAP: Rule = nested({
  changefreq: accepted("docsite's sitemap leaves it out; search engines ignore it"),
  priority: accepted("docsite's sitemap leaves it out; search engines ignore it"),
  lastmod: unsupported('sitemap dates are not supported yet'),
  ignorePatterns: unsupported('leaving pages out of the sitemap is not supported yet'),
  filename: unsupported('docsite writes sitemap.xml', (value) => value === undefined || value === 'sitemap.xml'),
  createSitemapItems: unsupported('a custom sitemap function is not supported yet'),
});

/** Appends markup to one of docsite's htmlTags lists (head, preBody), after what the config put there. */
function addTags(ctx: MapContext, where: 'head' | 'preBody', tags: string[]): void {
  const current = ((ctx.out.htmlTags as Record<string, string[] | undefined> | undefined) ?? {})[where] ?? [];
  setOption(ctx.out, `htmlTags.${where}`, [...current, ...tags]);
}

/**
 * Google Tag Manager's container: a script in every page's head that starts the container, and a
 * frame right after `<body>` for visitors without JavaScript. A client navigation (docsite's
 * `docsite:navigated` event) is pushed to the data layer under the event name Docusaurus uses.
 */
export const GOOGLE_TAG_MANAGER: Rule = nested({
  containerId: {
    docsite: "htmlTags: the container's script in the head, its noscript frame after <body>",
    apply: (value, ctx, at) => {
      if (typeof value !== 'string' || !/^GTM-[A-Z0-9]+$/i.test(value))
        return void ctx.unsupported.push({ path: at, reason: `a container ID looks like GTM-XXXXXXX, not ${JSON.stringify(value)}` });
      const id = JSON.stringify(value);
      const start = [
        'window.dataLayer=window.dataLayer||[];',
        "window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});",
        "(function(){var s=document.createElement('script');s.async=true;",
        `s.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(${id});document.head.appendChild(s);})();`,
        "window.addEventListener('docsite:navigated',function(){setTimeout(function(){window.dataLayer.push({event:'docusaurus.routeDidUpdate'});});});",
      ].join('');
      const frame = `https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(value)}`;
      addTags(ctx, 'head', [
        tagHtml({ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } }),
        `<script>${start}</script>`,
      ]);
      addTags(ctx, 'preBody', [`<noscript><iframe src="${frame}" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`]);
    },
  },
});

/** The plugin's redirects, `from` one path or a list of them, onto docsite's `redirects`. */
const REDIRECTS_LIST: Rule = {
  docsite: 'redirects (one entry per `from`)',
  apply: (value, ctx, at) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) return void ctx.unsupported.push({ path: at, reason: 'expected a list of { from, to }' });
    const out = ((ctx.out.redirects as unknown[] | undefined) ?? []).slice();
    value.forEach((entry, index) => {
      const { from, to: target } = (entry ?? {}) as { from?: unknown; to?: unknown };
      const froms = Array.isArray(from) ? from : [from];
      if (typeof target !== 'string' || froms.length === 0 || froms.some((item) => typeof item !== 'string'))
        return void ctx.unsupported.push({ path: `${at}[${index}]`, reason: 'a redirect is { from: a path or a list of paths, to: a path }' });
      for (const item of froms) out.push({ from: item, to: target });
    });
    setOption(ctx.out, 'redirects', out);
  },
};

/** The redirects the plugin makes from the routes themselves, kept for the route table (the routes are not known yet). */
function routeRedirects(ctx: MapContext, at: string): RouteRedirects {
  let found = ctx.routeRedirects.find((item) => item.path === at);
  if (!found) ctx.routeRedirects.push((found = { path: at, fromExtensions: [], toExtensions: [] }));
  return found;
}

/** `fromExtensions` / `toExtensions`: extensions without their dot, as Docusaurus takes them. */
function extensions(key: 'fromExtensions' | 'toExtensions', docsite: string): Rule {
  return {
    docsite,
    apply: (value, ctx, at) => {
      if (value === undefined) return;
      if (!Array.isArray(value) || value.some((ext) => typeof ext !== 'string' || !/^[a-z0-9]+$/i.test(ext)))
        return void ctx.unsupported.push({ path: at, reason: 'expected a list of extensions without their dot, such as ["html"]' });
      routeRedirects(ctx, at.slice(0, at.lastIndexOf('.')))[key] = value as string[];
    },
  };
}

const CLIENT_REDIRECTS: Table = {
  id: accepted('it names the plugin instance; every instance adds its redirects'),
  redirects: REDIRECTS_LIST,
  createRedirects: {
    docsite: 'called with every route once the routes are known; each path it returns redirects to that route',
    apply: (value, ctx, at) => {
      if (value === undefined) return;
      if (typeof value !== 'function') return void ctx.unsupported.push({ path: at, reason: 'expected a function of the existing path' });
      routeRedirects(ctx, at.slice(0, at.lastIndexOf('.'))).createRedirects = value as RouteRedirects['createRedirects'];
    },
  },
  fromExtensions: extensions('fromExtensions', 'a redirect from `/page.html` to `/page` for every route'),
  toExtensions: extensions('toExtensions', 'a redirect from `/page` to each route `/page.<ext>`'),
};

/** The PWA plugin onto docsite's own workbox service worker, which every production build has unless `serviceWorker: false`. */
const PWA: Table = {
  debug: accepted("it only logs the worker's decisions in the browser console"),
  offlineModeActivationStrategies: accepted(
    "docsite's service worker serves the pages it holds offline as soon as it is installed, with no activation step to choose",
  ),
  injectManifestConfig: accepted(
    "docsite's service worker precaches what every page boots with and keeps each page a visitor opens, so offline reading needs no file list",
  ),
  swCustom: unsupported("the site's own service-worker code does not run in docsite's service worker"),
  swRegister: unsupported(
    "docsite registers its own service worker on every page; a registration module of the site's, or none, is not supported",
    (value) => value === undefined,
  ),
  reloadPopup: unsupported(
    'docsite shows its own notice when a new version of the site is ready; another component, or none, is not supported',
    (value) => value === undefined || value === '@theme/PwaReloadPopup',
  ),
  pwaHead: {
    docsite: 'htmlTags.head: each { tagName, ...attributes } as a tag in every page',
    apply: (value, ctx, at) => {
      if (value === undefined) return;
      if (!Array.isArray(value)) return void ctx.unsupported.push({ path: at, reason: 'expected a list of { tagName, ...attributes }' });
      const tags: string[] = [];
      value.forEach((entry, index) => {
        try {
          const { tagName, ...attributes } = (entry ?? {}) as { tagName?: unknown };
          tags.push(tagHtml({ tagName, attributes }));
        } catch (error) {
          ctx.unsupported.push({ path: `${at}[${index}]`, reason: (error as Error).message });
        }
      });
      addTags(ctx, 'head', tags);
    },
  },
};

/** The preset's `svgr` and the svgr plugin's options: SVG files imported by code are React components in docsite too. */
export const SVGR: Rule = nested({
  svgrConfig: unsupported('docsite turns SVG files imported by code into React components with settings of its own'),
});

/** Ideal Image's options choose the sizes of the copies it makes; docsite's `@theme/IdealImage` shows the image itself. */
const IDEAL_IMAGE: Table = Object.fromEntries(
  ['name', 'sizes', 'size', 'min', 'max', 'steps', 'quality', 'disableInDev'].map((key) => [
    key,
    accepted('docsite serves the image as it is, without resized copies: the page shows the same image, at its full size'),
  ]),
);

/** By short name: `client-redirects` for `@docusaurus/plugin-client-redirects` and `docusaurus-plugin-client-redirects`. */
const OFFICIAL: Record<string, Rule> = {
  'client-redirects': nested(CLIENT_REDIRECTS),
  'google-gtag': GTAG,
  'google-tag-manager': GOOGLE_TAG_MANAGER,
  sitemap: SITEMAP,
  pwa: {
    docsite: "serviceWorker: docsite's workbox service worker (see PWA)",
    apply: (value, ctx, at) => {
      setOption(ctx.out, 'serviceWorker', true);
      nested(PWA).apply(value, ctx, at);
    },
  },
  'ideal-image': nested(IDEAL_IMAGE),
  svgr: SVGR,
  debug: accepted('the debug pages are for Docusaurus itself'),
  rsdoctor: accepted("it reports on Docusaurus's bundler, which docsite does not use"),
  'theme-classic': accepted("docsite's theme is its classic theme"),
  'theme-mermaid': accepted('Mermaid diagrams are built in (markdown.mermaid)'),
  'theme-search-algolia': accepted('Algolia search is built in (themeConfig.algolia)'),
  'remark-plugin-npm2yarn': accepted('`npm2yarn` code blocks become package-manager tabs without the plugin'),
};

/**
 * The content plugins as `plugins` entries, which are not mapped here: they are taken earlier, as
 * instances of their own (docs-plugin.ts, blog-plugin.ts, pages-plugin.ts).
 */
const CONTENT_PLUGINS = new Set(['content-docs', 'content-blog', 'content-pages']);

/** Why some official plugins docsite does not map are left out, where more can be said than that. */
const NOT_MAPPED: Record<string, string> = {
  'google-analytics': "Google has turned off the Universal Analytics this plugin loads; use google-gtag (or the preset's gtag), which docsite maps",
  'vercel-analytics': "docsite does not add Vercel's analytics script yet; the config's `scripts` can load it",
};

/** `@docusaurus/plugin-pwa`, `docusaurus-plugin-pwa`, `pwa` → `pwa`; a theme keeps its `theme-`. */
export function officialShortName(name: string): string {
  return name
    .replace(/\\/g, '/')
    .replace(/^@docusaurus\//, '')
    .replace(/^(docusaurus-)?plugin-/, '')
    .replace(/^docusaurus-(?=theme-)/, '');
}

/** Docusaurus's own plugins docsite knows nothing of beyond their names, so that a short name of one is recognised. */
const OTHER_OFFICIAL = ['google-analytics', 'vercel-analytics', 'content-docs', 'content-blog', 'content-pages'];

/**
 * Whether a name is a short name of one of Docusaurus's own plugins (`client-redirects`,
 * `plugin-pwa`, `docusaurus-plugin-pwa`, `theme-mermaid`): a name of the community's is not.
 */
export function isOfficialShortName(name: string): boolean {
  if (!/^(docusaurus-)?(plugin-)?[\w-]+$/.test(name)) return false;
  const short = officialShortName(name);
  return Object.hasOwn(OFFICIAL, short) || OTHER_OFFICIAL.includes(short);
}

function unmapped(name: string, ctx: MapContext, at: string): void {
  const short = officialShortName(name);
  ctx.unsupported.push({
    path: at,
    reason: `the plugin ${name} cannot run: ${Object.hasOwn(NOT_MAPPED, short) ? NOT_MAPPED[short] : 'docsite does not map it onto what it has yet'}`,
    hint: 'Remove it from the config, or build without it with --skip-unsupported-plugins, until docsite maps it.',
    quoted: name,
    plugin: name,
  });
}

/**
 * An official plugin: mapped by its table, or named as unsupported. Its options are mapped apart
 * first: when one of them cannot be honoured, none of the plugin's effects are kept, and every
 * problem names the plugin, so that --skip-unsupported-plugins leaves the whole plugin out.
 */
export function officialPlugin(name: string, options: unknown, ctx: MapContext, at: string): void {
  const short = officialShortName(name);
  const rule = Object.hasOwn(OFFICIAL, short) ? OFFICIAL[short] : undefined;
  if (!rule || CONTENT_PLUGINS.has(short)) return unmapped(name, ctx, at);
  const tags = ctx.out.htmlTags as Record<string, string[]> | undefined;
  const scratch: MapContext = {
    ...ctx,
    out: { ...ctx.out, ...(tags ? { htmlTags: { ...tags } } : {}) },
    unsupported: [],
    routeRedirects: [],
  };
  rule.apply(options ?? {}, scratch, at);
  if (scratch.unsupported.length > 0) {
    const hint = `Remove the option, or build without ${name} with --skip-unsupported-plugins.`;
    ctx.unsupported.push(...scratch.unsupported.map((item) => ({ hint, ...item, plugin: name })));
    return;
  }
  Object.assign(ctx.out, scratch.out);
  ctx.routeRedirects.push(...scratch.routeRedirects);
}
