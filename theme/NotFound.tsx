// The body of the status pages: 404 (no such page) and 400 (a path whose percent-encoding is broken).
import { themeText } from './theme-text';

export default function NotFound({ status }: { status?: 400 }) {
  if (status === 400) {
    return (
      <main id="docsite-main" tabIndex={-1} className="not-found">
        <div className="not-found__inner markdown">
          <h1>Pathname could not be decoded</h1>
          <p>The address holds a percent sign that does not begin a valid escape, such as %20 for a space.</p>
          <p>If a link brought you here, please let the owner of that page know that its address is malformed.</p>
        </div>
      </main>
    );
  }
  return (
    <main id="docsite-main" tabIndex={-1} className="not-found">
      <div className="not-found__inner markdown">
        <h1>{themeText('theme.NotFound.title')}</h1>
        <p>{themeText('theme.NotFound.p1')}</p>
        <p>{themeText('theme.NotFound.p2')}</p>
      </div>
    </main>
  );
}
