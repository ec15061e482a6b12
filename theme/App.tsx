// The theme root: the site's Root around the skip link, announcement bar, navbar, the layout for the
// page kind, and the footer.
import { useMemo } from 'react';
import type { LocalizedSite, PageData, SiteData } from '../src/shared/types';
import { setCodeTranslations } from './docusaurus/Translate';
import { setThemeLocale } from './theme-text';
import { codeTranslationsOf, localeOf, siteInLocale } from './locale-site';
import AnnouncementBar from './AnnouncementBar';
import BlogLayout from './blog/BlogLayout';
import type { ContentComponent } from './content-types';
import DocPage from './DocPage';
import Footer from './Footer';
import Navbar from './Navbar';
import NotFound from './NotFound';
import PlainPage from './PlainPage';
import Root from './Root';
import { SidebarCacheProvider } from './sidebar-cache';
import { PageContext, SiteContext } from './site-context';
import SkipToContent from './SkipToContent';

export interface AppProps {
  site: SiteData;
  page: PageData;
  /** The compiled MDX (or React) content of the page; receives the theme's component map. */
  Content: ContentComponent;
  /** The page's locale's own navbar, footer and messages, which its page module brings. */
  localized?: LocalizedSite | undefined;
}

function PageBody({ site, page, Content }: AppProps) {
  switch (page.kind) {
    case 'doc':
      return <DocPage site={site} page={page} Content={Content} />;
    case 'page':
      return <PlainPage page={page} Content={Content} />;
    case 'blog':
      return <BlogLayout site={site} page={page} Content={Content} />;
    default:
      return <NotFound {...(page.status ? { status: page.status } : {})} />;
  }
}

export default function App({ site: shared, page, Content, localized }: AppProps) {
  const locale = localeOf(shared, page.locale);
  const site = useMemo(() => siteInLocale(shared, locale, localized), [shared, locale, localized]);
  // translate() is a plain function, called outside components too: it reads the page's locale from here.
  setCodeTranslations(codeTranslationsOf(site, locale));
  setThemeLocale((page.locale && site.locale.configs?.[page.locale]?.htmlLang) || site.locale.htmlLang);
  return (
    <SiteContext.Provider value={site}>
      <PageContext.Provider value={page}>
        <SidebarCacheProvider>
          <Root>
            <div className="site">
              <SkipToContent />
              {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
              <Navbar site={site} page={page} />
              <div className="site__body">
                <PageBody site={site} page={page} Content={Content} />
              </div>
              <Footer />
            </div>
          </Root>
        </SidebarCacheProvider>
      </PageContext.Provider>
    </SiteContext.Provider>
  );
}
