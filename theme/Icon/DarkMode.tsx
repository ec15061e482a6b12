// Docusaurus's `@theme/Icon/DarkMode`, which swizzled components import: the dark-mode moon, 24px unless told.
import { MoonIcon, type IconProps } from '../icons';

export default function IconDarkMode(props: IconProps) {
  return <MoonIcon width={24} height={24} {...props} />;
}
