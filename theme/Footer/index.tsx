// The site footer, put together as Docusaurus's is from its parts (Layout, Links, Logo, Copyright), so a site's own Footer can reuse them.
import { memo } from 'react';
import { useSiteData } from '../site-context';
import { footerConfigOf } from './config';
import FooterCopyright from './Copyright';
import FooterLayout from './Layout';
import FooterLinks from './Links';
import FooterLogo from './Logo';

function Footer() {
  const footer = footerConfigOf(useSiteData().footer);
  if (!footer) return null;
  const { copyright, links, logo, style } = footer;
  return (
    <FooterLayout
      style={style}
      links={links.length > 0 ? <FooterLinks links={links} /> : null}
      logo={logo ? <FooterLogo logo={logo} /> : null}
      copyright={copyright ? <FooterCopyright copyright={copyright} /> : null}
    />
  );
}

export default memo(Footer);
