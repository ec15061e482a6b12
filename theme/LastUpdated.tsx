// "Last updated on <date> by <author>" under a doc or a post, with Docusaurus's props, so a site's
// swizzled LastUpdated gets what Docusaurus gives it. The date is formatted at build time (UTC).
import { useSiteData } from './site-context';
import { themeNodes } from './theme-text';

export interface LastUpdatedProps {
  /** Milliseconds since 1970. */
  lastUpdatedAt?: number | undefined;
  lastUpdatedBy?: string | undefined;
  /** The date as the page's locale writes it; made from lastUpdatedAt when absent. */
  formattedLastUpdatedAt?: string | undefined;
}

export default function LastUpdated({ lastUpdatedAt, lastUpdatedBy, formattedLastUpdatedAt }: LastUpdatedProps) {
  const site = useSiteData();
  if (lastUpdatedAt === undefined && !lastUpdatedBy) return null;
  const formatted =
    lastUpdatedAt === undefined
      ? undefined
      : (formattedLastUpdatedAt ??
        new Intl.DateTimeFormat(site.locale.htmlLang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(lastUpdatedAt));
  const atDate =
    lastUpdatedAt === undefined
      ? ''
      : themeNodes('theme.lastUpdated.atDate', {
          date: (
            <b>
              <time dateTime={new Date(lastUpdatedAt).toISOString()} itemProp="dateModified">
                {formatted}
              </time>
            </b>
          ),
        });
  const byUser = lastUpdatedBy ? themeNodes('theme.lastUpdated.byUser', { user: <b>{lastUpdatedBy}</b> }) : '';
  return <span className="theme-last-updated">{themeNodes('theme.lastUpdated.lastUpdatedAtBy', { atDate, byUser })}</span>;
}
