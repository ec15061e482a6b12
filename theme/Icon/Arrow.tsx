// Docusaurus's `@theme/Icon/Arrow`, which swizzled components import: the chevron of collapsible items.
import { ChevronIcon, type IconProps } from '../icons';

export default function IconArrow(props: IconProps) {
  return <ChevronIcon {...props} />;
}
