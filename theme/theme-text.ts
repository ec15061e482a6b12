// The theme's own words in the page's locale: the locale's message for the Docusaurus id, else
// docsite's English text (see src/shared/theme-messages.ts).
import type { ReactNode } from 'react';
import { THEME_MESSAGES, type ThemeMessageId } from '../src/shared/theme-messages';
import { interpolate, type InterpolateValues } from './docusaurus/Interpolate';
import { translate } from './docusaurus/Translate';

/** The words of `id`, their `{placeholders}` filled from `values`. */
export function themeText(id: ThemeMessageId, values?: Record<string, string | number>): string {
  return translate({ id, message: THEME_MESSAGES[id] }, values);
}

/** The same, with React elements among the values (a date in <b>): a fragment. */
export function themeNodes(id: ThemeMessageId, values: InterpolateValues): ReactNode {
  return interpolate(translate({ id, message: THEME_MESSAGES[id] }), values);
}
