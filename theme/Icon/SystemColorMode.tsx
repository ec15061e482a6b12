// Docusaurus's `@theme/Icon/SystemColorMode`, which swizzled components import: the follow-the-system icon, 24px unless told.
import { SystemModeIcon, type IconProps } from '../icons';

export default function IconSystemColorMode(props: IconProps) {
  return <SystemModeIcon width={24} height={24} {...props} />;
}
