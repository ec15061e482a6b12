// Docusaurus's <Head>: <title>, <meta> and <link> elements for the page's head. React hoists them to
// <head> in the browser; the build moves the ones it rendered there too (src/render/document.ts).
import type { ReactNode } from 'react';

export default function Head({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
