/**
 * The visitor's colour mode: `light`, `dark`, or (on sites that follow the system's preference)
 * `system`. The choice lives in localStorage under `theme` as Docusaurus keeps it (no entry: the
 * site's default, or the system's preference); the head script (src/render/document.ts) applies it
 * before the first paint and marks `<html>` with `data-theme` (the mode shown) and
 * `data-theme-choice` (what the visitor chose).
 */
export type ColorMode = 'light' | 'dark';
export type ColorChoice = ColorMode | 'system';

export const COLOR_MODE_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ColorModeOptions {
  defaultMode: ColorMode;
  /** Whether `system` is a choice (Docusaurus's respectPrefersColorScheme). */
  system: boolean;
}

/** What the visitor chose, read from storage. */
export function storedChoice(options: ColorModeOptions): ColorChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
  } catch (error) {
    console.warn('docsite: the colour mode could not be read from storage', error);
  }
  if (stored === 'light' || stored === 'dark') return stored;
  return options.system ? 'system' : options.defaultMode;
}

export function modeOf(choice: ColorChoice): ColorMode {
  if (choice !== 'system') return choice;
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Shows `choice` on the page. */
export function showChoice(choice: ColorChoice): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', modeOf(choice));
  root.setAttribute('data-theme-choice', choice);
}

/** Shows and stores `choice`; other tabs follow through the storage event. */
export function saveChoice(choice: ColorChoice): void {
  showChoice(choice);
  try {
    if (choice === 'system') localStorage.removeItem(COLOR_MODE_STORAGE_KEY);
    else localStorage.setItem(COLOR_MODE_STORAGE_KEY, choice);
  } catch (error) {
    // Browser storage problems are only logged, never shown to the reader: the mode still changes for this page.
    console.warn('docsite: the colour mode could not be stored', error);
  }
}

/** The choice a click moves to: light, dark, then system when the site follows the system. */
export function nextChoice(choice: ColorChoice, system: boolean): ColorChoice {
  if (choice === 'light') return 'dark';
  if (choice === 'dark') return system ? 'system' : 'light';
  return 'light';
}

/** Calls `listener` when the system's preference changes; returns the unsubscribe. */
export function onSystemChange(listener: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  if (!media) return () => undefined;
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}
