// One navbar item by its type, as Docusaurus's NavbarItem: the component NavbarItem/ComponentTypes
// maps the type to (a site's override adds its own `custom-*` types), given the item's other keys.
import ComponentTypes, { type NavbarItemProps } from './ComponentTypes';

export interface Props extends NavbarItemProps {
  type?: string;
}

/** As Docusaurus reads an item without a type: a dropdown when it has `items`, else a link. */
function typeOf(type: string | undefined, props: NavbarItemProps): string {
  if (type && type !== 'default') return type;
  return 'items' in props ? 'dropdown' : 'default';
}

export default function NavbarItem({ type, ...props }: Props) {
  const name = typeOf(type, props);
  const Component = Object.hasOwn(ComponentTypes, name) ? ComponentTypes[name] : undefined;
  if (!Component)
    throw new Error(`docsite: no navbar item component for the type "${name}": add it to the object src/theme/NavbarItem/ComponentTypes exports.`);
  return <Component {...props} />;
}
