/**
 * What every part of the route table reads while it is made: the config, the site model, the
 * compiled pages, the site's data and the lists problems are filed in.
 */
import type { ResolvedConfig } from '../../config/load';
import type { DocEntry } from '../../content/docs';
import type { DocsiteError } from '../../core/errors';
import type { CompileResult } from '../../mdx';
import type { SiteData } from '../../shared/types';
import type { GitHistory } from '../../infra/git-history';
import type { SiteModel } from '../scan/site-model';
import { lastUpdates, type LastUpdates } from './last-update';
import { siteData } from './site-data';

export interface RouteContext {
  config: ResolvedConfig;
  model: SiteModel;
  /** Each compiled page by its key: a source path, or a blog post's excerpt key. */
  compiled: Map<string, CompileResult>;
  /** The site's data; the versions and locales step fills in its dropdowns. */
  site: SiteData;
  /** A page's title as the browser tab shows it: the page's, then the site's. */
  headTitle(title: string): string;
  /** A doc's title: its front matter's, else its first heading, else the last part of its id. */
  docTitle(doc: DocEntry): string;
  /** Each doc's and post's last update, when its section shows one. */
  lastUpdates: LastUpdates;
  errors: DocsiteError[];
  warnings: DocsiteError[];
}

export function routeContext(config: ResolvedConfig, model: SiteModel, compiled: Map<string, CompileResult>, history?: GitHistory): RouteContext {
  const site = siteData(config);
  const delimiter = config.site.titleDelimiter;
  return {
    config,
    model,
    compiled,
    site,
    headTitle: (title) => (title && title !== site.title ? `${title} ${delimiter} ${site.title}` : site.title),
    docTitle: (doc) => doc.frontMatter.title ?? compiled.get(doc.source)?.title ?? doc.id.split('/').pop()!,
    lastUpdates: lastUpdates(config, site, history),
    errors: [],
    warnings: [],
  };
}
