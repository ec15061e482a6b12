// The notice on unlisted pages: reachable by URL, hidden from navigation and search engines.
import Admonition from './Admonition';

export default function UnlistedBanner() {
  return (
    <Admonition type="caution" title="Unlisted page" className="unlisted-banner">
      <p>This page is unlisted. Search engines will not index it, and only visitors with a direct link can reach it.</p>
    </Admonition>
  );
}
