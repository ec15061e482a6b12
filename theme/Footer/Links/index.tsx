// The footer's links: columns under titles, or one row of links, as Docusaurus tells them apart.
import { isMultiColumn, type FooterConfig } from '../config';
import FooterLinksMultiColumn from './MultiColumn';
import FooterLinksSimple from './Simple';

export default function FooterLinks({ links }: { links: FooterConfig['links'] }) {
  if (links.length === 0) return null;
  return isMultiColumn(links) ? <FooterLinksMultiColumn columns={links} /> : <FooterLinksSimple links={links} />;
}
