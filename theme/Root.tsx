// The component above every page, below the site's contexts: it stays mounted from page to page on
// client navigation. A site overrides it (src/theme/Root) to hold providers or state for the whole
// site, as Docusaurus's Root; the theme's own only renders what it is given.
import type { ReactNode } from 'react';

export default function Root({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
