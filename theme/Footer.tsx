// The dark site footer: link columns, then the copyright line.
import type { SiteData } from '../src/shared/types';
import { ExternalLinkIcon } from './icons';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

export default function Footer({ footer }: { footer: SiteData['footer'] }) {
  const { columns, copyright } = footer;
  if (columns.length === 0 && !copyright) return null;
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
        {copyright ? (
          <div className="footer__bottom">
            <p className="footer__copyright">{copyright}</p>
          </div>
        ) : null}
      </div>
    </footer>
  );
}
