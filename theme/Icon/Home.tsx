// Docusaurus's `@theme/Icon/Home`, which swizzled components import: the house of the breadcrumbs.
import { HomeIcon, type IconProps } from '../icons';

export default function IconHome(props: IconProps) {
  return <HomeIcon {...props} />;
}
