// The body of the status pages: 404 (no such page) and 400 (a path whose percent-encoding is broken).
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
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for.</p>
        <p>Please contact the owner of the site that linked you to the original URL and let them know their link is broken.</p>
      </div>
    </main>
  );
}
