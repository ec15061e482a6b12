// Docusaurus's @theme/MDXComponents: the component map MDX pages get, for sites that spread it into
// their own (`{ ...MDXComponents, Highlight }`) or wrap MDXContent with it. It leaves out the mermaid
// diagram, which pages get from their fences, so the diagram code stays out of pages without one.
import type { ComponentPropsWithoutRef } from 'react';
import type { MdxComponentMap } from './content-types';
import Admonition from './Admonition';
import Head from './docusaurus/Head';
import Heading from './Heading';
import { mdxComponents } from './mdx-components';

const H1 = (props: ComponentPropsWithoutRef<'h1'>) => <Heading as="h1" {...props} />;

const MDXComponents: MdxComponentMap = {
  ...mdxComponents,
  h1: H1,
  Head,
  admonition: Admonition,
  code: (props: ComponentPropsWithoutRef<'code'>) => <code {...props} />,
};

export default MDXComponents;
