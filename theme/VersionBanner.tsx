// The notice at the top of a doc of a version other than the one at the docs root: unreleased docs
// (newer) or docs no longer maintained (older), with a link to the same page in the latest version.
// Following it makes the latest version the visitor's preferred one, as choosing it in the dropdown does.
// Docusaurus names it DocVersionBanner and renders it with no props: then it reads the page it is on.
// A doc's versions are those of its own docs set (the main docs', or another set's by its plugin id).
import { docsVersionsOf } from '../src/shared/docs-versions';
import type { PageData, SiteData } from '../src/shared/types';
import { savePreferredVersion } from './preferred-version';
import { usePageData, useSiteData } from './site-context';

export default function VersionBanner(props: { site?: SiteData; page?: PageData }) {
  const context = { site: useSiteData(), page: usePageData() };
  const site = props.site ?? context.site;
  const page = props.page ?? context.page;
  if (!page) return null;
  const versions = docsVersionsOf(site, page.docsPluginId);
  const version = versions?.find((entry) => entry.name === page.docsVersion);
  const latest = versions?.find((entry) => entry.isLast);
  if (!version || !latest || version.banner === 'none') return null;
  const href = page.versionLinks?.[latest.name] ?? latest.href;
  return (
    <div className="version-banner alert alert--warning" role="alert">
      <p>
        {version.banner === 'unreleased'
          ? `This is unreleased documentation for ${site.title} ${version.label} version.`
          : `This is documentation for ${site.title} ${version.label}, which is no longer actively maintained.`}
      </p>
      <p>
        For the current docs, see the{' '}
        <a href={href} onClick={() => savePreferredVersion(latest.name, page.docsPluginId)}>
          <strong>latest version</strong>
        </a>{' '}
        ({latest.label}).
      </p>
    </div>
  );
}
