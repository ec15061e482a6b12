// Images inside content load lazily unless the author says otherwise.
import type { ComponentPropsWithoutRef } from 'react';

export default function MdxImage({ loading, decoding, ...rest }: ComponentPropsWithoutRef<'img'>) {
  return <img loading={loading ?? 'lazy'} decoding={decoding ?? 'async'} {...rest} />;
}
