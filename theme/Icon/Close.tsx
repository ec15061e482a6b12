// Docusaurus's `@theme/Icon/Close`, which swizzled components import: the cross that closes a bar or a drawer.
import { CloseIcon, type IconProps } from '../icons';

export default function IconClose(props: IconProps) {
  return <CloseIcon {...props} />;
}
