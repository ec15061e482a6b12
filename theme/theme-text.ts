// The theme's own words in the page's locale: the locale's message for the Docusaurus id, else
// docsite's English text (see src/shared/theme-messages.ts).
import type { ReactNode } from 'react';
import { THEME_MESSAGES, pluralForm, type ThemeMessageId } from '../src/shared/theme-messages';
import { interpolate, type InterpolateValues } from './docusaurus/Interpolate';
import { translate } from './docusaurus/Translate';

/** The language plural forms are chosen in: the page's, set by the theme's App before it renders (as its messages are). */
let pluralLocale = 'en';

/** Sets the language of the page being rendered (its `lang`), whose plural rules choose a message's form. */
export function setThemeLocale(htmlLang: string): void {
  pluralLocale = htmlLang;
}

/** The words of `id`, their `{placeholders}` filled from `values`. */
export function themeText(id: ThemeMessageId, values?: Record<string, string | number>): string {
  return translate({ id, message: THEME_MESSAGES[id] }, values);
}

/** The form of a message with plural forms (`One post|{count} posts`) that fits `count`, its placeholders filled. */
export function themePlural(id: ThemeMessageId, count: number, values: Record<string, string | number>): string {
  return interpolate(pluralForm(translate({ id, message: THEME_MESSAGES[id] }), count, pluralLocale), values);
}

/** The same, with React elements among the values (a date in <b>): a fragment. */
export function themeNodes(id: ThemeMessageId, values: InterpolateValues): ReactNode {
  return interpolate(translate({ id, message: THEME_MESSAGES[id] }), values);
}
