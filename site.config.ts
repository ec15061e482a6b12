// The Lexical documentation site: its identity, navigation and build rules (spec 1, 2.4, 5).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'docsite/config';

/** The packages the site documents, pinned in package.json: the core and the 24 @lexical packages. */
const LEXICAL_PACKAGES = [
  'lexical',
  ...[
    'clipboard',
    'code',
    'devtools-core',
    'dragon',
    'eslint-plugin',
    'file',
    'hashtag',
    'headless',
    'history',
    'html',
    'link',
    'list',
    'mark',
    'markdown',
    'offset',
    'overflow',
    'plain-text',
    'react',
    'rich-text',
    'selection',
    'table',
    'text',
    'utils',
    'yjs',
  ].map((name) => `@lexical/${name}`),
];

/**
 * The installed lexical's version: the one the guides, package pages and API reference describe, and
 * the only place the site takes it from. The navbar shows it; components read it from
 * customFields.lexicalVersion; Markdown writes @@LEXICAL_VERSION@@, which the preprocessor fills in.
 */
const LEXICAL_VERSION: string = JSON.parse(
  readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('lexical')), 'package.json'), 'utf8'),
).version;

/**
 * Fills the version into a guide. A placeholder of this shape with another name is a typo that would
 * otherwise reach readers, so it stops the build naming the file.
 */
function withLexicalVersion(filePath: string, text: string): string {
  const unknown = /@@(?!LEXICAL_VERSION@@)[A-Z_]+@@/.exec(text);
  if (unknown) throw new Error(`${unknown[0]} in ${filePath} is not a placeholder this site fills in; the one it knows is @@LEXICAL_VERSION@@`);
  return text.replaceAll('@@LEXICAL_VERSION@@', LEXICAL_VERSION);
}

export default defineConfig({
  title: 'Lexical',
  tagline: 'An extensible text editor framework that does things differently',
  // The card social sites show for a shared link (made for this site: logo, tagline, address).
  image: 'img/social-card.png',
  url: 'https://lexical.dev',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  titleDelimiter: '|',
  logo: { alt: 'Lexical', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg' },
  navbar: {
    items: [
      { label: 'Playground', href: 'https://playground.lexical.dev/', position: 'left' },
      { label: 'Docs', to: '/docs/intro', activeBasePath: '/docs/', position: 'left' },
      { label: 'API', to: '/docs/api/', activeBasePath: '/docs/api/', position: 'left' },
      { label: 'Community', to: '/community/', position: 'left' },
      { label: 'iOS', href: 'https://facebook.github.io/lexical-ios/', position: 'left' },
      { label: 'Gallery', to: '/gallery', position: 'left' },
      // The version the docs describe (docs.versions below names it), and where its release notes
      // and the other releases are: the docs hold one version, so those are the menu's other items.
      {
        type: 'docsVersionDropdown',
        position: 'right',
        dropdownItemsAfter: [
          { label: 'Release notes', href: `https://github.com/facebook/lexical/releases/tag/v${LEXICAL_VERSION}` },
          { label: 'All releases', href: 'https://github.com/facebook/lexical/releases' },
        ],
      },
      // The site's languages (English only, i18n below).
      { type: 'localeDropdown', position: 'right' },
      { label: 'GitHub', href: 'https://github.com/facebook/lexical', position: 'right', ariaLabel: 'GitHub repository' },
      // Spec 2.4 names both GitHub links: the framework's and the iOS port's.
      { label: 'iOS GitHub', href: 'https://github.com/facebook/lexical-ios', position: 'right', ariaLabel: 'Lexical iOS GitHub repository' },
    ],
  },
  footer: {
    columns: [
      { title: 'Docs', items: [{ label: 'Introduction', to: '/docs/intro' }] },
      {
        title: 'Community',
        items: [
          { label: 'Discord', href: 'https://discord.gg/KmG4wQnnD9' },
          { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/lexicaljs' },
          { label: 'Twitter', href: 'https://twitter.com/lexicaljs' },
        ],
      },
      { title: 'More', items: [{ label: 'GitHub', href: 'https://github.com/facebook/lexical' }] },
      {
        title: 'Legal',
        items: [
          { label: 'Privacy', href: 'https://opensource.facebook.com/legal/privacy/' },
          { label: 'Terms', href: 'https://opensource.facebook.com/legal/terms/' },
        ],
      },
    ],
    // Spec 2.4: the footer carries the logo; the footer is dark, so the logo drawn for dark backgrounds.
    // The logo is a square mark: at the navbar logo's size it signs the footer without filling it.
    logo: { alt: 'Lexical', src: 'img/logo-dark.svg', href: '/', width: 32, height: 32 },
    copyright: 'Copyright © 2025 Meta Platforms, Inc. Built with docsite.',
  },
  // /docs/packages/<name>: one page per package, made from its installed README at build time.
  packageDocs: {
    dir: 'packages',
    packages: LEXICAL_PACKAGES,
    frontMatter: { lexical: { sidebar_position: 1, sidebar_label: 'lexical (core)' } },
  },
  // /docs/api/...: the API reference, generated from the same packages' type declarations.
  // "Defined in" links to the source at the release tag. The packages ship .d.ts files laid out as the
  // repository's packages/<folder>/src, so {stem} names the source file; its line numbers differ, so
  // a link opens the file, not the line. React, devtools-core and the ESLint plugin mix .ts, .tsx and
  // .js sources that a .d.ts cannot tell apart: their links open the folder instead.
  apiDocs: {
    packages: LEXICAL_PACKAGES,
    routeBasePath: 'api',
    sourceLink: 'https://github.com/facebook/lexical/blob/v{version}/{directory}/src/{stem}.ts',
    sourceLinkByPackage: Object.fromEntries(
      ['@lexical/react', '@lexical/devtools-core', '@lexical/eslint-plugin'].map((name) => [
        name,
        'https://github.com/facebook/lexical/tree/v{version}/{directory}/src/{dirname}',
      ]),
    ),
  },
  // What the site's own components read through useDocusaurusContext (the error page, the home examples).
  customFields: { lexicalVersion: LEXICAL_VERSION },
  // The blog (content/blog): every post in the sidebar, grouped by year.
  blog: { description: 'Notes from the people who build and document Lexical', blogSidebarCount: 'ALL' },
  // Spec 2.1: the 2024 recap lives in a GitHub discussion.
  redirects: [{ from: '/2024-recap', to: 'https://github.com/facebook/lexical/discussions/7220' }],
  // The home, gallery and community pages' own styles; docs pages use the theme's alone.
  customCss: ['content/css/home.css', 'content/css/gallery.css', 'content/css/community.css'],
  // Spec 2.4: a bar above the navbar; a reader who closes it sees the next one (a new id) again.
  announcementBar: {
    id: 'quick-start-2026',
    content: 'New to Lexical? The <a href="/docs/getting-started/quick-start">quick start</a> gets an editor running in a few minutes.',
    backgroundColor: '#e6f2ff',
    textColor: '#0b2d52',
    isCloseable: true,
  },
  // Spec 2.4: themes by their Docusaurus names, the dark one vsDark (shiki's dark-plus, github is
  // github-light); the highlighter lifts every token to 4.5:1.
  codeThemes: { light: 'github', dark: 'vsDark' },
  markdown: {
    // The guides draw a few diagrams (the update cycle in "Design").
    mermaid: true,
    // Guides link to Lexical's sources on its main branch while writing; the built site pins those
    // links to the tag of the version it documents, so the code a reader opens matches the page.
    // @@LEXICAL_VERSION@@ works in prose, links and code blocks alike, where a component cannot go.
    preprocessor: ({ filePath, fileContent }) =>
      withLexicalVersion(filePath, fileContent).replace(/(github\.com\/facebook\/lexical\/(?:tree|blob))\/main\//g, `$1/v${LEXICAL_VERSION}/`),
  },
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: { en: { label: 'English', direction: 'ltr', htmlLang: 'en' } },
  },
  // "Edit this page" opens the guide's source where the Lexical repository keeps its website.
  docs: {
    path: 'docs',
    routeBasePath: 'docs',
    sidebarPath: 'sidebars.ts',
    tocMinHeadingLevel: 2,
    tocMaxHeadingLevel: 3,
    editUrl: 'https://github.com/facebook/lexical/tree/main/packages/lexical-website/',
    // The docs folder describes the installed lexical: its version names it, not "Next".
    versions: { current: { label: `v${LEXICAL_VERSION}` } },
  },
  // Spec 5: broken anchors and broken markdown links fail the build; broken links are ignored
  // (the navbar's API item points at pages that arrive with the API reference); duplicate routes warn.
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onDuplicateRoutes: 'warn',
});
