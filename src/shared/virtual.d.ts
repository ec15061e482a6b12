/** Modules that the bundler provides at build time (see src/build/bundle.ts). */
declare module 'docsite:site-data' {
  import type { SiteData } from './types';
  const site: SiteData;
  export default site;
}
