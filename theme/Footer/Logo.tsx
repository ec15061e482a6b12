// The footer's logo, a link when it has an `href`.
import { cx, isExternalHref, NEW_TAB_PROPS } from '../utils';
import type { FooterLogo as Logo } from './config';

export default function FooterLogo({ logo }: { logo: Logo }) {
  const image = (
    <img
      className={cx('footer__logo', logo.className)}
      src={logo.src}
      alt={logo.alt ?? ''}
      {...(logo.width ? { width: logo.width } : {})}
      {...(logo.height ? { height: logo.height } : {})}
    />
  );
  if (!logo.href) return <div className="footer__logo-box">{image}</div>;
  const target = logo.target ? { target: logo.target } : isExternalHref(logo.href) ? NEW_TAB_PROPS : {};
  return (
    <a className="footer__logo-box" href={logo.href} {...target}>
      {image}
    </a>
  );
}
