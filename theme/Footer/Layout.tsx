// The footer's frame: its links, then the logo and the copyright line below them. Takes Docusaurus's props ({ style, links, logo, copyright }).
// A light footer is Infima's where the site has Infima, else the theme's dark one (see styles.css).
import type { ReactNode } from 'react';

export interface FooterLayoutProps {
  /** Docusaurus's light or dark footer: `dark` is dark in both colour modes. */
  style?: 'light' | 'dark' | undefined;
  links?: ReactNode;
  logo?: ReactNode;
  copyright?: ReactNode;
}

export default function FooterLayout({ style, links, logo, copyright }: FooterLayoutProps) {
  const inner = (
    <div className="footer__inner">
      {links || null}
      {logo || copyright ? (
        <div className="footer__bottom">
          {logo || null}
          {copyright || null}
        </div>
      ) : null}
    </div>
  );
  // As Docusaurus marks them: only the dark footer has a class of its own.
  if (style === 'dark') return <footer className="footer footer--dark">{inner}</footer>;
  return <footer className="footer">{inner}</footer>;
}
