// The dark site footer: link columns (links, or the site's own HTML), then the logo and the copyright line.
import type { SiteData } from '../src/shared/types';
import { ExternalLinkIcon } from './icons';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

export default function Footer({ footer }: { footer: SiteData['footer'] }) {
  const { columns, copyright, copyrightHtml, logo } = footer;
  if (columns.length === 0 && !copyright && !copyrightHtml && !logo) return null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        {columns.length > 0 ? (
          <div className="footer__columns">
            {columns.map((column, index) => (
              <div className="footer__column" key={`${index}-${column.title ?? ''}`}>
                {column.title ? <div className="footer__title">{column.title}</div> : null}
                <ul className="footer__items">
                  {column.items.map((item, itemIndex) => {
                    // HTML of the site's own (a badge, say), written as the site wrote it.
                    if ('html' in item) return <li className="footer__item" key={itemIndex} dangerouslySetInnerHTML={{ __html: item.html }} />;
                    const external = isExternalHref(item.href);
                    return (
                      <li className="footer__item" key={`${itemIndex}-${item.href}`}>
                        <a className="footer__link" href={item.href} {...(external ? NEW_TAB_PROPS : {})}>
                          {item.label}
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
        {copyright || copyrightHtml || logo ? (
          <div className="footer__bottom">
            {logo ? <FooterLogo logo={logo} /> : null}
            {copyrightHtml !== undefined ? (
              <p className="footer__copyright" dangerouslySetInnerHTML={{ __html: copyrightHtml }} />
            ) : copyright ? (
              <p className="footer__copyright">{copyright}</p>
            ) : null}
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
