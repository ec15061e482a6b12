// The site logo (light and dark variants) and title, linking to the home page.
import type { SiteData } from '../src/shared/types';
import { cx } from './utils';

export default function NavbarBrand({ site }: { site: SiteData }) {
  const { logo } = site;
  const title = site.navbarTitle ?? site.title;
  // When the title is shown as text next to the logo, repeating it as alt text would read it twice.
  const alt = logo && title && logo.alt.trim().toLowerCase() === title.trim().toLowerCase() ? '' : logo?.alt;
  // With two variants, lazy loading lets the browser skip the one hidden by the colour mode.
  const loading = logo?.srcDark ? 'lazy' : undefined;
  // Neither a logo nor a title (a Docusaurus navbar may have neither): no link with nothing to name it.
  if (!logo && !title) return null;
  return (
    <a className="navbar__brand" href={site.baseUrl}>
      {logo ? (
        <>
          <img className={cx('navbar__logo', logo.srcDark && 'themed-img themed-img--light')} src={logo.src} alt={alt} loading={loading} />
          {logo.srcDark ? <img className="navbar__logo themed-img themed-img--dark" src={logo.srcDark} alt={alt} loading={loading} /> : null}
        </>
      ) : null}
      {title ? <span className="navbar__title">{title}</span> : null}
    </a>
  );
}
