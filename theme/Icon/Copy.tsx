// Docusaurus's `@theme/Icon/Copy`, which swizzled components import: the copy button's two sheets.
import { CopyIcon, type IconProps } from '../icons';

export default function IconCopy(props: IconProps) {
  return <CopyIcon {...props} />;
}
