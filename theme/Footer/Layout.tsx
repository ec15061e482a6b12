// The footer's frame: its links, then the logo and the copyright line below them. Takes Docusaurus's props ({ style, links, logo, copyright }).
import type { ReactNode } from 'react';

export interface FooterLayoutProps {
  /** Docusaurus's light or dark footer; docsite has one footer style. */
  style?: 'light' | 'dark' | undefined;
  links?: ReactNode;
  logo?: ReactNode;
  copyright?: ReactNode;
}

export default function FooterLayout({ links, logo, copyright }: FooterLayoutProps) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        {links || null}
        {logo || copyright ? (
          <div className="footer__bottom">
            {logo || null}
            {copyright || null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}
