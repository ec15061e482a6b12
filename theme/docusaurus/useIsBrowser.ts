// Docusaurus's useIsBrowser: false in the built HTML and the first render, true once the page has hydrated.
import { useEffect, useState } from 'react';

export default function useIsBrowser(): boolean {
  const [browser, setBrowser] = useState(false);
  useEffect(() => setBrowser(true), []);
  return browser;
}
