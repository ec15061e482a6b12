// Docusaurus's `@theme/Icon/Success`, which swizzled components import: the tick shown once code is copied.
import { CheckIcon, type IconProps } from '../icons';

export default function IconSuccess(props: IconProps) {
  return <CheckIcon {...props} />;
}
