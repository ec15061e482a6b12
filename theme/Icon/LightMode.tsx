// Docusaurus's `@theme/Icon/LightMode`, which swizzled components import: the light-mode sun, 24px unless told.
import { SunIcon, type IconProps } from '../icons';

export default function IconLightMode(props: IconProps) {
  return <SunIcon width={24} height={24} {...props} />;
}
