/**
 * The docs versions and locales of a site that has more than one, or a navbar dropdown for them:
 * the site data's version and locale dropdowns, and what each doc carries of them (its version, its
 * counterparts, whether it is indexed).
 */
import type { DocEntry } from '../../content/docs';
import { localeDefaults } from '../../content/locales';
import { CURRENT_VERSION, instanceKey } from '../../core/versions';
import { docsTag } from '../../shared/docs-versions';
import { pluginDocsTag } from '../../shared/plugin-docs-tag';
import type { DocsVersionView, PageData } from '../../shared/types';
import type { RouteContext } from './context';
import { isVersioned, mainDocOf, type DocsInstances } from './docs-instances';

/**
 * Whether the navbar has a dropdown of this kind: a site with one version or locale lists it there
 * too. A version dropdown is a docs set's (`pluginId`; the main docs when undefined); a `docsVersion`
 * link names its version as a dropdown does.
 */
function hasDropdown(ctx: RouteContext, kind: 'docsVersions' | 'locales', pluginId?: string): boolean {
  return ctx.site.navbar.some((item) => {
    if (item.dropdown === kind) return item.docsPluginId === pluginId;
    if (kind !== 'docsVersions' || item.component?.type !== 'docsVersion') return false;
    const set = item.component.props.docsPluginId;
    return (set === 'default' || set === undefined ? undefined : set) === pluginId;
  });
}

/** Whether a docs set's pages carry their version: the set has versions, or the navbar a dropdown of them. */
const showsVersions = (ctx: RouteContext, docs: DocsInstances, pluginId: string | undefined) =>
  isVersioned(docs, pluginId) || hasDropdown(ctx, 'docsVersions', pluginId);

/** Fills in the site data's versions (the main docs' and each other set's) and locales, each pointing at its main doc. */
export function addVersionsAndLocales(ctx: RouteContext, docs: DocsInstances): void {
  const { config, model, site } = ctx;
  const mainDocs = new Map([...docs.byKey].map(([key, resolved]) => [key, mainDocOf(resolved, docs.docsOf.get(key) ?? [])]));
  const versionViews = (pluginId: string | undefined): DocsVersionView[] =>
    model.instances
      .filter((instance) => !instance.locale && instance.pluginId === pluginId)
      .map(({ version }) => ({
        name: version.name,
        label: version.label,
        href: mainDocs.get(instanceKey(version.name, undefined, pluginId)) ?? version.routeBase,
        isLast: version.isLast,
        banner: version.banner,
        badge: version.badge,
      }));
  if (showsVersions(ctx, docs, undefined)) site.docsVersions = versionViews(undefined);
  const sets = [...docs.setDefaultKeys.keys()].filter((id) => showsVersions(ctx, docs, id));
  if (sets.length > 0) site.pluginDocsVersions = Object.fromEntries(sets.map((id) => [id, versionViews(id)]));
  // Outside a versioned set's docs, search looks in the version served at its root.
  for (const id of sets) {
    const last = site.pluginDocsVersions![id]!.find((version) => version.isLast);
    const current = `docusaurus_tag:${pluginDocsTag(id, CURRENT_VERSION)}`;
    if (site.search?.facetFilters && last)
      site.search = {
        ...site.search,
        facetFilters: site.search.facetFilters.map((filter) =>
          Array.isArray(filter) ? filter.map((tag) => (tag === current ? `docusaurus_tag:${pluginDocsTag(id, last.name)}` : tag)) : filter,
        ),
      };
  }
  if (docs.versioned && site.docsVersions) {
    // A site with no config has nowhere to ask for the dropdown: it gets one, as it gets a home page.
    if (!config.configFile && !site.navbar.some((item) => item.dropdown === 'docsVersions'))
      site.navbar = [...site.navbar, { label: '', href: '', position: 'right', dropdown: 'docsVersions' }];
    // Outside the docs, search looks in the version served at the docs root (the theme swaps in a doc's own).
    const last = site.docsVersions.find((version) => version.isLast) ?? site.docsVersions[0];
    if (site.search?.facetFilters && last)
      site.search = {
        ...site.search,
        facetFilters: site.search.facetFilters.map((filter) =>
          Array.isArray(filter)
            ? filter.map((tag) => (tag === `docusaurus_tag:${docsTag(CURRENT_VERSION)}` ? `docusaurus_tag:${docsTag(last.name)}` : tag))
            : filter,
        ),
      };
  }
  if (docs.localized || hasDropdown(ctx, 'locales')) {
    const { i18n, baseUrl } = config.site;
    const defaultVersion = docs.byKey.get(docs.defaultKey)?.instance.version.name;
    site.locale.configs = Object.fromEntries(
      i18n.locales.map((locale) => {
        const own = i18n.localeConfigs[locale];
        const key = instanceKey(defaultVersion, locale === i18n.defaultLocale ? undefined : locale);
        return [
          locale,
          {
            label: own?.label ?? localeDefaults(locale).label,
            htmlLang: own?.htmlLang ?? locale,
            direction: own?.direction ?? localeDefaults(locale).direction,
            href: mainDocs.get(key) ?? baseUrl,
          },
        ];
      }),
    );
  }
}

/** What a doc of a versioned or localized site carries: its version, its counterparts, whether it is indexed. */
export function versionFacts(ctx: RouteContext, docs: DocsInstances, doc: DocEntry): Partial<PageData> {
  const versioned = showsVersions(ctx, docs, doc.pluginId);
  const localized = docs.localized || hasDropdown(ctx, 'locales');
  if (!versioned && !localized) return {};
  const version = doc.version ?? CURRENT_VERSION;
  const own = docs.byKey.get(instanceKey(version, doc.locale, doc.pluginId))?.instance;
  const versionLinks: Record<string, string> = {};
  const localeLinks: Record<string, string> = {};
  for (const [, other] of docs.byKey) {
    // Counterparts are in the doc's own docs set (doc ids are unique only there).
    if (other.instance.pluginId !== doc.pluginId) continue;
    const counterpart = other.docById.get(doc.id);
    if (!counterpart) continue;
    if (other.instance.locale === doc.locale) versionLinks[other.instance.version.name] = counterpart.route;
    if (other.instance.version.name === version) localeLinks[other.instance.locale ?? ctx.config.site.i18n.defaultLocale] = counterpart.route;
  }
  return {
    // A doc's versions are its own docs set's.
    ...(versioned ? { docsVersion: version, versionLinks } : {}),
    ...(doc.locale ? { locale: doc.locale } : {}),
    ...(localized ? { localeLinks } : {}),
    ...(own?.version.noIndex ? { noIndex: true } : {}),
  };
}
