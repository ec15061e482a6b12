// Links inside content: external http(s) targets open in a new tab, everything else stays a plain <a>.
import type { ComponentPropsWithoutRef } from 'react';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

export default function MdxLink(props: ComponentPropsWithoutRef<'a'>) {
  if (isExternalHref(props.href)) return <a {...props} {...NEW_TAB_PROPS} />;
  return <a {...props} />;
}
