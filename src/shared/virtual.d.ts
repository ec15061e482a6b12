/** Modules that the bundler provides at build time (see src/pipeline/bundle/bundle.ts). */
declare module 'docsite:site-data' {
  import type { SiteData } from './types';
  const site: SiteData;
  export default site;
}

/** Markdown imported from code compiles to a component, like a page's content (see src/pipeline/bundle/mdx-imports.ts). */
declare module '*.mdx' {
  import type { ComponentType } from 'react';
  const Content: ComponentType<{ components?: Record<string, ComponentType<any>> }>;
  export default Content;
}
