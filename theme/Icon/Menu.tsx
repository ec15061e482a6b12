// Docusaurus's `@theme/Icon/Menu`, which swizzled components import: the mobile menu's three bars, 30px unless told.
import { MenuIcon, type IconProps } from '../icons';

export default function IconMenu(props: IconProps) {
  return <MenuIcon width={30} height={30} {...props} />;
}
