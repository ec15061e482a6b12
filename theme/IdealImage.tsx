// Docusaurus's <IdealImage img={...}> (the ideal-image plugin) as a plain responsive image: docsite
// makes no resized copies, so the page shows the image it was given, lazily loaded and never wider
// than its column. `img` is a URL, an imported image, or the `{ src: { src, images } }` object the
// plugin's loader gives, whose sizes become a srcset.
import type { ComponentPropsWithoutRef } from 'react';

interface SizedImage {
  path?: string;
  width?: number;
  height?: number;
}

interface LoadedImage {
  src?: string | { src?: string; width?: number; height?: number; images?: SizedImage[] };
  preSrc?: string;
  default?: unknown;
}

export interface IdealImageProps extends Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'placeholder'> {
  img: string | LoadedImage;
  /** The plugin's own switches (placeholder, shouldAutoDownload, getMessage...): the browser's lazy loading stands in for them. */
  [pluginProp: string]: unknown;
}

/** Props of the plugin's component that are not attributes of an image. */
const PLUGIN_PROPS = new Set(['placeholder', 'shouldAutoDownload', 'getMessage', 'getIcon', 'theme', 'icons', 'noscript', 'threshold', 'swapOnLoad']);

/** The URL, sizes and srcset an `img` prop describes. */
function imageOf(img: unknown): { src?: string; width?: number; height?: number; srcSet?: string } {
  if (typeof img === 'string') return { src: img };
  if (!img || typeof img !== 'object') return {};
  const loaded = img as LoadedImage;
  // A module object (require() of an image) holds the image as its default export.
  if (loaded.src === undefined && loaded.default !== undefined) return imageOf(loaded.default);
  if (typeof loaded.src === 'string') return { src: loaded.src };
  const source = loaded.src ?? {};
  const sized = (source.images ?? []).filter((image) => typeof image.path === 'string' && typeof image.width === 'number');
  return {
    src: source.src ?? sized.at(-1)?.path,
    width: source.width,
    height: source.height,
    srcSet: sized.length > 1 ? sized.map((image) => `${image.path} ${image.width}w`).join(', ') : undefined,
  };
}

export default function IdealImage({ img, alt, style, ...rest }: IdealImageProps) {
  const { src, width, height, srcSet } = imageOf(img);
  const attributes = Object.fromEntries(Object.entries(rest).filter(([name]) => !PLUGIN_PROPS.has(name)));
  return (
    <img
      loading="lazy"
      decoding="async"
      {...attributes}
      src={src}
      srcSet={srcSet}
      width={width}
      height={height}
      alt={alt ?? ''}
      style={{ maxWidth: '100%', height: 'auto', ...style }}
    />
  );
}
