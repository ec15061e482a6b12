// The 404 page body.
export default function NotFound() {
  return (
    <main id="docsite-main" tabIndex={-1} className="not-found">
      <div className="not-found__inner markdown">
        <h1>Page Not Found</h1>
        <p>We could not find what you were looking for.</p>
        <p>
          Please contact the owner of the site that linked you to the original URL and let them know their link is
          broken.
        </p>
      </div>
    </main>
  );
}
