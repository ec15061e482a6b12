// Docusaurus's <ThemedImage sources={{ light, dark }}>: both images are in the built page, and the
// stylesheet hides the one that does not match the colour mode, so the right one shows before any
// script runs and switches with the mode.
import type { ComponentPropsWithoutRef } from 'react';
import useBaseUrl from './docusaurus/useBaseUrl';

export interface ThemedImageProps extends Omit<ComponentPropsWithoutRef<'img'>, 'src'> {
  sources: { light: string; dark: string };
}

export default function ThemedImage({ sources, className, alt, ...rest }: ThemedImageProps) {
  const light = useBaseUrl(sources.light);
  const dark = useBaseUrl(sources.dark);
  const classes = (mode: string) => ['themed-img', `themed-img--${mode}`, className].filter(Boolean).join(' ');
  return (
    <>
      <img {...rest} src={light} alt={alt} className={classes('light')} />
      <img {...rest} src={dark} alt={alt} className={classes('dark')} />
    </>
  );
}
