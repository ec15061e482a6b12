// Docusaurus's @theme/BlogSidebar for a site's own pages: `{ sidebar: { title, items } }`, drawn as the
// blog's sidebar, the items under their year where they have dates (Docusaurus's groupByYear), the
// page being shown marked current.
import BlogSidebarView from './blog/BlogSidebar';
import { groupInOrder } from './blog/blog-utils';
import { usePageData } from './site-context';
import { useBaseUrlUtils } from './docusaurus/useBaseUrl';

export interface BlogSidebarItem {
  title: string;
  permalink: string;
  date?: Date | string;
  unlisted?: boolean;
}

export interface BlogSidebarProps {
  sidebar?: { title: string; items: BlogSidebarItem[] };
}

const yearOf = (date: BlogSidebarItem['date']): string => {
  if (date === undefined) return '';
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? '' : String(parsed.getUTCFullYear());
};

export default function BlogSidebar({ sidebar }: BlogSidebarProps) {
  const page = usePageData();
  const { withBaseUrl } = useBaseUrlUtils();
  // Unlisted items are left out, as Docusaurus leaves them out of a production build.
  const items = (sidebar?.items ?? []).filter((item) => !item.unlisted);
  if (!sidebar || items.length === 0) return null;
  const groups = groupInOrder(items, (item) => yearOf(item.date));
  const years = groups.map((group) => ({
    year: group.key,
    posts: group.items.map((item) => ({ title: item.title, href: item.permalink.startsWith('/') ? withBaseUrl(item.permalink) : item.permalink })),
  }));
  return <BlogSidebarView sidebar={{ title: sidebar.title, years }} route={page?.route ?? ''} />;
}
