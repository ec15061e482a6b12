/** Modules that the bundler provides at build time (see src/pipeline/bundle/bundle.ts). */
declare module 'docsite:site-data' {
  import type { SiteData } from './types';
  const site: SiteData;
  export default site;
}

/** The site's client modules, each imported for what it does when it runs. */
declare module 'docsite:client-modules' {}

/** Markdown imported from code compiles to a component, like a page's content (see src/pipeline/bundle/mdx-imports.ts). */
declare module '*.mdx' {
  import type { ComponentType } from 'react';
  const Content: ComponentType<{ components?: Record<string, ComponentType<any>> }>;
  export default Content;
}
