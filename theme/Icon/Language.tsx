// Docusaurus's `@theme/Icon/Language`, which swizzled components import: the globe of the locale menu.
import { LanguageIcon, type IconProps } from '../icons';

export default function IconLanguage(props: IconProps) {
  return <LanguageIcon {...props} />;
}
