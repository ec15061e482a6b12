// Stands in for NavbarItem in a site whose navbar has no item of a component type (`custom-*`,
// `docsVersion`): the navbar never draws one there, so its pages do without ComponentTypes and the
// parts it brings (see src/pipeline/bundle/theme-overrides.ts).
export default function NoNavbarItem(): null {
  return null;
}
