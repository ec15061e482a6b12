// The dark site footer: link columns, then the logo and the copyright line.
import type { SiteData } from '../src/shared/types';
import { ExternalLinkIcon } from './icons';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

export default function Footer({ footer }: { footer: SiteData['footer'] }) {
  const { columns, copyright, logo } = footer;
  if (columns.length === 0 && !copyright && !logo) return null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        {columns.length > 0 ? (
          <div className="footer__columns">
            {columns.map((column, index) => (
              <div className="footer__column" key={`${index}-${column.title}`}>
                <div className="footer__title">{column.title}</div>
                <ul className="footer__items">
                  {column.items.map((link, linkIndex) => {
                    const external = isExternalHref(link.href);
                    return (
                      <li className="footer__item" key={`${linkIndex}-${link.href}`}>
                        <a className="footer__link" href={link.href} {...(external ? NEW_TAB_PROPS : {})}>
                          {link.label}
                          {external ? <ExternalLinkIcon className="icon-external" /> : null}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {copyright || logo ? (
          <div className="footer__bottom">
            {logo ? <FooterLogo logo={logo} /> : null}
            {copyright ? <p className="footer__copyright">{copyright}</p> : null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}

function FooterLogo({ logo }: { logo: NonNullable<SiteData['footer']['logo']> }) {
  const image = (
    <img
      className="footer__logo"
      src={logo.src}
      alt={logo.alt}
      {...(logo.width ? { width: logo.width } : {})}
      {...(logo.height ? { height: logo.height } : {})}
    />
  );
  if (!logo.href) return <div className="footer__logo-box">{image}</div>;
  return (
    <a className="footer__logo-box" href={logo.href} {...(isExternalHref(logo.href) ? NEW_TAB_PROPS : {})}>
      {image}
    </a>
  );
}
