// The component map handed to MDX content: headings, admonitions, code blocks, tabs, details, links, tables, images.
import type { ComponentPropsWithoutRef, ComponentType } from 'react';
import Admonition from './Admonition';
import CodeBlock from './CodeBlock';
import Details, { Summary } from './Details';
import Heading from './Heading';
import MdxImage from './MdxImage';
import MdxLink from './MdxLink';
import MdxTable from './MdxTable';
import TabItem from './TabItem';
import Tabs from './Tabs';

type HeadingContentProps = ComponentPropsWithoutRef<'h2'>;

const H2 = (props: HeadingContentProps) => <Heading as="h2" {...props} />;
const H3 = (props: HeadingContentProps) => <Heading as="h3" {...props} />;
const H4 = (props: HeadingContentProps) => <Heading as="h4" {...props} />;
const H5 = (props: HeadingContentProps) => <Heading as="h5" {...props} />;
const H6 = (props: HeadingContentProps) => <Heading as="h6" {...props} />;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MDX passes arbitrary props per element.
export const mdxComponents: Record<string, ComponentType<any>> = {
  h2: H2,
  h3: H3,
  h4: H4,
  h5: H5,
  h6: H6,
  a: MdxLink,
  img: MdxImage,
  table: MdxTable,
  details: Details,
  summary: Summary,
  Details,
  Admonition,
  CodeBlock,
  Tabs,
  TabItem,
};
