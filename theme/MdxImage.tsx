// Images inside content load lazily unless the author says otherwise; one a Docusaurus site writes
// with a site path (`/img/a.png`) gets the base URL of the page's locale (see MdxLink).
import { useSitePath, type MarkedProps } from './MdxLink';

export default function MdxImage({ loading, decoding, src, 'data-site-path': sitePath, ...rest }: MarkedProps<'img'>) {
  return <img loading={loading ?? 'lazy'} decoding={decoding ?? 'async'} src={useSitePath(src, sitePath)} {...rest} />;
}
