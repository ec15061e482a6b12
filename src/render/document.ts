/** Assembles the full HTML document around a rendered page body: head tags, assets, hydration bootstrap. */
import type { PageData, SiteData } from '../shared/types';

export interface DocumentAssets {
  css: string[];
  /** Runtime entry module (imports the theme and hydrates). */
  runtime: string;
  /** The route's own chunk. */
  route: string;
  /** The page's locale's module, run before the runtime so the site's modules read its messages as they load. */
  locale?: string;
  /** Every JS file the runtime and route import statically, preloaded in parallel. */
  preload: string[];
  /** Extra markup at the end of body (the dev server's live-reload client). */
  bodyEnd?: string;
}

export interface DocumentInput {
  site: SiteData;
  page: PageData;
  body: string;
  assets: DocumentAssets;
  /** Status pages (404) are not canonical and are not indexed. */
  noindex?: boolean;
  /** Whether the page loads the site's analytics (the dev server's pages do not). */
  analytics?: boolean;
}

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => escapeMap[ch]!);
}

export function absoluteUrl(site: SiteData, route: string): string {
  return `${site.url.replace(/\/+$/, '')}${route}`;
}

/**
 * Sets the colour mode before the first paint, so a stored dark choice never flashes light: the
 * visitor's stored choice (unless the site has no switch), else the system's preference when the
 * site follows it, else the site's default. theme/color-mode.ts reads and changes it afterwards.
 * It also hides an announcement bar the visitor closed (theme/AnnouncementBar.tsx).
 */
function colorModeScript(site: SiteData): string {
  const { defaultMode = 'light', disableSwitch = false, respectPrefersColorScheme = false } = site.colorMode ?? {};
  return [
    '(function(){var d=document.documentElement,s=null;',
    disableSwitch ? '' : "try{s=localStorage.getItem('theme')}catch(e){}",
    "if(s!=='light'&&s!=='dark')s=null;",
    `var c=s||${respectPrefersColorScheme ? "'system'" : JSON.stringify(defaultMode)};`,
    "var m=c==='system'?(window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):c;",
    "d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',c)",
    // A closed announcement stays hidden from the first paint, until the site's announcement changes.
    site.announcementBar?.isCloseable
      ? `;try{d.setAttribute('data-announcement-bar-initially-dismissed',String(localStorage.getItem('docusaurus.announcement.id')===${JSON.stringify(site.announcementBar.id).replace(/</g, '\\u003c')}&&localStorage.getItem('docusaurus.announcement.dismiss')==='true'))}catch(e){}`
      : '',
    '})()',
  ].join('');
}

/**
 * The baseUrl banner: a page opened at an address other than its own (a build copied to
 * another folder, a wrong baseUrl) says so at the top, with the configured base URL and the one the
 * address suggests (the address without the page's route). Its scripts and styles would not load
 * there, so this runs inline, on its own. Status pages, sent for any address, have none.
 */
function baseUrlCheckScript(site: SiteData, page: PageData): string {
  if (page.kind === 'notFound') return '';
  const json = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const relative = page.route.startsWith(site.baseUrl) ? page.route.slice(site.baseUrl.length).replace(/\/+$/, '') : '';
  return [
    `(function(){var b=${json(site.baseUrl)},r=${json(page.route)},rel=${json(relative)};`,
    "function n(x){return x.replace(/\\/index\\.html$/,'/').replace(/\\.html$/,'').replace(/\\/+$/,'')||'/'}",
    'var p;try{p=n(decodeURI(location.pathname))}catch(e){return}if(p===n(r))return;',
    "var s=rel&&p.slice(-rel.length-1)==='/'+rel?p.slice(0,p.length-rel.length):rel?p.slice(0,p.lastIndexOf('/')+1):p.replace(/\\/?$/,'/');",
    "function show(){var d=document.createElement('div');d.className='base-url-banner';d.setAttribute('role','alert');",
    "var t=['Your site did not load properly.','A very common reason is a wrong site baseUrl configuration.','Current configured baseUrl = '+b,'We suggest trying baseUrl = '+s];",
    "for(var i=0;i<t.length;i++){var e=document.createElement('p');e.style.margin='0';e.textContent=t[i];d.appendChild(e)}",
    "d.style.cssText='padding:1rem 1.5rem;background:#fa383e;color:#fff;font:16px/1.5 system-ui,sans-serif';document.body.insertBefore(d,document.body.firstChild)}",
    "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',show);else show()})()",
  ].join('');
}

/** Google's tag, as Docusaurus's gtag plugin loads it; src/runtime/analytics.ts reports client navigations. */
function gtagTags(gtag: NonNullable<SiteData['gtag']>): string[] {
  const id = JSON.stringify(gtag.trackingID).replace(/</g, '\\u003c');
  return [
    '<link rel="preconnect" href="https://www.google-analytics.com">',
    '<link rel="preconnect" href="https://www.googletagmanager.com">',
    `<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtag.trackingID)}"></script>`,
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${id}${gtag.anonymizeIP ? ',{anonymize_ip:true}' : ''});</script>`,
  ];
}

export function documentHead(input: Omit<DocumentInput, 'body'>): string {
  const { site, page, assets } = input;
  const canonical = absoluteUrl(site, page.route);
  const description = page.description ?? site.tagline;
  // The page's own image (front matter), else the site's social card.
  const imagePath = page.image ?? site.image;
  const locale = documentLocale(site, page);
  // Each locale's own address of the page when the site has several; the page's own address otherwise.
  const alternates =
    page.localeLinks && Object.keys(page.localeLinks).length > 0 ? page.localeLinks : Object.fromEntries(site.locale.locales.map((name) => [name, page.route]));
  const defaultAlternate = alternates[site.locale.defaultLocale] ?? page.route;
  const image = imagePath ? (/^[a-z]+:/i.test(imagePath) ? imagePath : absoluteUrl(site, imagePath)) : undefined;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.headTitle)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    page.keywords?.length ? `<meta name="keywords" content="${escapeHtml(page.keywords.join(', '))}">` : '',
    input.noindex || page.unlisted || page.noIndex || page.kind === 'notFound' ? '<meta name="robots" content="noindex, nofollow">' : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...Object.entries(alternates).map(
      ([name, route]) =>
        `<link rel="alternate" href="${escapeHtml(absoluteUrl(site, route))}" hreflang="${escapeHtml(site.locale.configs?.[name]?.htmlLang ?? name)}">`,
    ),
    `<link rel="alternate" href="${escapeHtml(absoluteUrl(site, defaultAlternate))}" hreflang="x-default">`,
    ...(page.feeds ?? []).map(
      (feed) => `<link rel="alternate" type="${feed.type}" href="${escapeHtml(absoluteUrl(site, feed.href))}" title="${escapeHtml(feed.title)}">`,
    ),
    `<meta property="og:title" content="${escapeHtml(page.headTitle)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${page.kind === 'doc' || page.blog?.post ? 'article' : 'website'}">`,
    `<meta property="og:locale" content="${escapeHtml(locale.htmlLang.replace('-', '_'))}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(page.headTitle)}">`,
    description ? `<meta name="twitter:description" content="${escapeHtml(description)}">` : '',
    site.favicon ? `<link rel="icon" href="${escapeHtml(site.favicon)}">` : '',
    '<meta name="generator" content="docsite">',
    `<script>${colorModeScript(site)}</script>`,
    ...(site.gtag && input.analytics !== false ? gtagTags(site.gtag) : []),
    page.kind === 'notFound' ? '' : `<script>${baseUrlCheckScript(site, page)}</script>`,
    ...assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...[assets.runtime, assets.route, ...assets.preload].map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    // The site's own tags (its config's scripts, stylesheets and head tags, and its plugins'), last, as written.
    ...(site.htmlTags?.head ?? []),
  ];
  const preBody = site.htmlTags?.preBody.length ? `${site.htmlTags.preBody.join('\n')}\n` : '';
  return `<!DOCTYPE html>\n<html lang="${escapeHtml(locale.htmlLang)}" dir="${locale.direction}" data-theme="${site.colorMode?.defaultMode ?? 'light'}">\n<head>\n${tags.filter(Boolean).join('\n')}\n</head>\n<body>\n${preBody}<div id="__docsite">`;
}

/** The language and direction a page is written in: its locale's, or the site's. */
function documentLocale(site: SiteData, page: PageData): { htmlLang: string; direction: 'ltr' | 'rtl' } {
  const own = page.locale ? site.locale.configs?.[page.locale] : undefined;
  return own ?? { htmlLang: site.locale.htmlLang, direction: site.locale.direction };
}

export function documentTail(input: Omit<DocumentInput, 'body'>): string {
  const { assets } = input;
  const first = assets.locale ? `import${JSON.stringify(assets.locale)};` : '';
  const boot = `${first}import{start}from${JSON.stringify(assets.runtime)};start({route:${JSON.stringify(assets.route)}});`;
  const postBody = input.site.htmlTags?.postBody.length ? `\n${input.site.htmlTags.postBody.join('\n')}` : '';
  return `</div>\n<script type="module">${boot}</script>${assets.bodyEnd ?? ''}${postBody}\n</body>\n</html>\n`;
}

/**
 * React renders the `<title>`, `<meta>` and `<link>` elements of a page's components (Docusaurus's
 * `<Head>`) at the start of its output; they belong in the document's head, where the browser
 * reads them and where React finds them again when it hydrates. A title there replaces the page's.
 */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+/;

/** The hoisted elements React put at the start of a rendered body ('' when none). */
export function leadingHoistables(body: string): string {
  return LEADING_HOISTABLES.exec(body)?.[0] ?? '';
}

/** The document head with `hoisted` (from leadingHoistables) added, its title in place of the page's. */
export function withHoisted(head: string, hoisted: string): string {
  if (!hoisted) return head;
  const own = hoisted.includes('<title>') ? head.replace(/<title>[^<]*<\/title>\n/, '') : head;
  return own.replace('\n</head>', `\n${hoisted}\n</head>`);
}

export function renderDocument(input: DocumentInput): string {
  const hoisted = leadingHoistables(input.body);
  return withHoisted(documentHead(input), hoisted) + input.body.slice(hoisted.length) + documentTail(input);
}
