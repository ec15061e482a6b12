// The visitor's preferred docs version, kept in localStorage per docs plugin under Docusaurus's key,
// so a site moved over keeps its visitors' choice. A stored version the site no longer has is
// removed when read; storage problems are only logged, never shown to the reader. `pluginId` is a
// docs set other than the main docs (Docusaurus's docs plugin id); undefined for the main docs.
import { useCallback, useEffect, useState } from 'react';
import { preferredVersionKey } from '../src/shared/docs-versions';
import type { DocsVersionView } from '../src/shared/types';

export function savePreferredVersion(name: string, pluginId?: string): void {
  try {
    localStorage.setItem(preferredVersionKey(pluginId), name);
  } catch (error) {
    console.warn('docsite: the preferred docs version could not be stored', error);
  }
}

function readPreferredVersion(versions: readonly DocsVersionView[], pluginId: string | undefined): string | undefined {
  const key = preferredVersionKey(pluginId);
  try {
    const stored = localStorage.getItem(key);
    if (stored === null) return undefined;
    if (versions.some((version) => version.name === stored)) return stored;
    localStorage.removeItem(key);
  } catch (error) {
    console.warn('docsite: the preferred docs version could not be read from storage', error);
  }
  return undefined;
}

/** The stored preferred version (undefined until mounted, and when none is stored), and a setter that stores it. */
export function usePreferredVersion(versions: readonly DocsVersionView[] | undefined, pluginId?: string): [string | undefined, (name: string) => void] {
  const [preferred, setPreferred] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (versions && versions.length > 0) setPreferred(readPreferredVersion(versions, pluginId));
  }, [versions, pluginId]);
  const save = useCallback(
    (name: string) => {
      savePreferredVersion(name, pluginId);
      setPreferred(name);
    },
    [pluginId],
  );
  return [preferred, save];
}

/** The version a page stands in: a doc's own, else the preferred one, else the one at the docs root. */
export function versionOfPage(
  versions: readonly DocsVersionView[],
  pageVersion: string | undefined,
  preferred: string | undefined,
): DocsVersionView | undefined {
  const find = (name: string | undefined) => (name === undefined ? undefined : versions.find((version) => version.name === name));
  return find(pageVersion) ?? find(preferred) ?? versions.find((version) => version.isLast) ?? versions[0];
}
