// /gallery: example projects built with Lexical, filterable by tag and title.
import Gallery from '@site/content/components/gallery/Gallery';

export const meta = {
  title: 'Gallery',
  description: 'Example projects built with Lexical: plugins, collaboration and more, filterable by tag and title.',
  wide: false,
};

export default function GalleryPage() {
  return (
    <div className="gallery-page">
      <header className="gallery-header">
        <h1 className="gallery-header__title">Gallery</h1>
        <p className="gallery-header__intro">
          Example projects that show what you can build with Lexical. Filter them by tag or search by title, then open one to read its code or try it live.
        </p>
      </header>
      <Gallery />
      <p className="gallery-share">
        Built something with Lexical that others could learn from? Tell us about it in{' '}
        <a href="https://github.com/facebook/lexical/discussions">GitHub Discussions</a>.
      </p>
    </div>
  );
}
