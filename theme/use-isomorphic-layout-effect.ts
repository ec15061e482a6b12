// useLayoutEffect in the browser, useEffect on the server (where neither runs).
import { useEffect, useLayoutEffect } from 'react';

export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
