// Docusaurus's `@theme/Icon/Edit`, which swizzled components import: the pencil of the edit link.
import { PencilIcon, type IconProps } from '../icons';

export default function IconEdit(props: IconProps) {
  return <PencilIcon {...props} />;
}
