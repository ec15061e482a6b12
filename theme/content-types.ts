// The shape of a compiled MDX page component as the theme receives it.
import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- MDX components take arbitrary props.
export type MdxComponentMap = Record<string, ComponentType<any>>;

export type ContentComponent = ComponentType<{ components?: MdxComponentMap }>;
