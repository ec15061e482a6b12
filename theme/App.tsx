// The theme root: skip link, announcement bar, navbar, the layout for the page kind, and the footer.
import { useMemo } from 'react';
import type { PageData, SiteData } from '../src/shared/types';
import { setCodeTranslations } from './docusaurus/Translate';
import { codeTranslationsOf, localeOf, siteInLocale } from './locale-site';
import AnnouncementBar from './AnnouncementBar';
import BlogLayout from './blog/BlogLayout';
import type { ContentComponent } from './content-types';
import DocPage from './DocPage';
import Footer from './Footer';
import Navbar from './Navbar';
import NotFound from './NotFound';
import PlainPage from './PlainPage';
import { SidebarCacheProvider } from './sidebar-cache';
import { PageContext, SiteContext } from './site-context';
import SkipToContent from './SkipToContent';

export interface AppProps {
  site: SiteData;
  page: PageData;
  /** The compiled MDX (or React) content of the page; receives the theme's component map. */
  Content: ContentComponent;
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

export default function App({ site: wholeSite, page, Content }: AppProps) {
  const locale = localeOf(wholeSite, page.locale);
  const site = useMemo(() => siteInLocale(wholeSite, locale), [wholeSite, locale]);
  // translate() is a plain function, called outside components too: it reads the page's locale from here.
  setCodeTranslations(codeTranslationsOf(wholeSite, locale));
  return (
    <SiteContext.Provider value={site}>
      <PageContext.Provider value={page}>
        <SidebarCacheProvider>
          <div className="site">
            <SkipToContent />
            {site.announcementBar ? <AnnouncementBar bar={site.announcementBar} /> : null}
            <Navbar site={site} page={page} />
            <div className="site__body">
              <PageBody site={site} page={page} Content={Content} />
            </div>
            <Footer />
          </div>
        </SidebarCacheProvider>
      </PageContext.Provider>
    </SiteContext.Provider>
  );
}
