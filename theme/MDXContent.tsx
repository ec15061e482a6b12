// The wrapper around a page's Markdown or MDX content, inside the article and below its title. A site
// overrides it (src/theme/MDXContent) to put its own providers or markup around every page's content,
// as Docusaurus's MDXContent; the theme's own only renders what it is given.
import type { ReactNode } from 'react';

export default function MDXContent({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
