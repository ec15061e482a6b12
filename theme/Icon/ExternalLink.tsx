// Docusaurus's `@theme/Icon/ExternalLink`, which swizzled components import: the arrow out of a box beside external links.
import { ExternalLinkIcon, type IconProps } from '../icons';

export default function IconExternalLink(props: IconProps) {
  return <ExternalLinkIcon {...props} />;
}
