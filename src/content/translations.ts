/**
 * The translation files Docusaurus keeps under i18n/<locale>/ beside the translated docs and pages:
 * code.json (the messages of <Translate>), docusaurus-theme-classic/navbar.json and footer.json
 * (the navbar's and footer's labels), and each docs folder's sidebar labels
 * (docusaurus-plugin-content-docs/current.json, docusaurus-plugin-content-docs-<id>/current.json for
 * another docs instance). Each holds `{ key: { message, description } }`.
 * Under code.json lie the theme's words in the locale, as @docusaurus/theme-translations has them.
 */
import path from 'node:path';
import { readDefaultCodeTranslationMessages } from '@docusaurus/theme-translations';
import { THEME_MESSAGES } from '../shared/theme-messages';
import { DocsiteError, locateKey, parsePosition, placed } from '../core/errors';
import type { ContentReader } from './site-files';
import { docsPluginFolder } from './versions';

/** A translation file's messages by key. */
export type Messages = Record<string, string>;

/** What one locale translates; a file the locale lacks is an empty table. */
export interface LocaleTranslations {
  code: Messages;
  navbar: Messages;
  footer: Messages;
  /** Each docs instance's sidebar and version labels, by docsMessagesKey (its version folder and its id). */
  docs: Record<string, Messages>;
}

/** A docs instance's version folder (`current`, `version-1.0`), and its id when not the main docs. */
export interface DocsFolder {
  folder: string;
  pluginId?: string | undefined;
}

/** Where a docs version's labels are kept in `LocaleTranslations.docs`: the folder for the main docs, `<id>/<folder>` for another instance. */
export function docsMessagesKey({ folder, pluginId }: DocsFolder): string {
  return pluginId ? `${pluginId}/${folder}` : folder;
}

/** Every locale's translations, read from `<contentDir>/i18n/<locale>/`. */
export async function loadTranslations(options: {
  contentDir: string;
  siteDir: string;
  locales: string[];
  /** Each docs instance's version folders (`current`, `version-1.0`...), whose sidebar labels are read. */
  docsFolders: DocsFolder[];
  reader: ContentReader;
}): Promise<Map<string, LocaleTranslations>> {
  const read = (file: string) => readMessages(file, options.siteDir, options.reader);
  const entries = await Promise.all(
    options.locales.map(async (locale): Promise<[string, LocaleTranslations]> => {
      const dir = path.join(options.contentDir, 'i18n', locale);
      const theme = path.join(dir, 'docusaurus-theme-classic');
      const [code, navbar, footer, ...docs] = await Promise.all([
        read(path.join(dir, 'code.json')),
        read(path.join(theme, 'navbar.json')),
        read(path.join(theme, 'footer.json')),
        ...options.docsFolders.map(({ folder, pluginId }) => read(path.join(dir, docsPluginFolder(pluginId), `${folder}.json`))),
      ]);
      const defaults = await themeMessages(locale);
      return [
        locale,
        {
          code: { ...defaults, ...code },
          navbar,
          footer,
          docs: Object.fromEntries(options.docsFolders.map((folder, index) => [docsMessagesKey(folder), docs[index]!])),
        },
      ];
    }),
  );
  return new Map(entries);
}

/**
 * The theme's words in `locale` as Docusaurus's classic theme shows them: every message of its common
 * file (a site's swizzled components use those ids too) and, of the search's, the ones docsite's
 * theme shows. None for a locale the package lacks (English: the theme's own words stay).
 */
async function themeMessages(locale: string): Promise<Messages> {
  const [common, search] = await Promise.all(
    ['theme-common', 'theme-search-algolia'].map((name) => readDefaultCodeTranslationMessages({ locale, name }).catch(() => ({}))),
  );
  const messages: Messages = {};
  for (const [key, message] of Object.entries({ ...common, ...search }))
    if (typeof message === 'string' && !key.endsWith('___DESCRIPTION') && (key in common! || key in THEME_MESSAGES)) messages[key] = message;
  return messages;
}

/** The messages of one file; none when it does not exist. */
export async function readMessages(file: string, siteDir: string, reader: ContentReader): Promise<Messages> {
  if ((await reader.realPath(file)) === undefined) return {};
  const text = await reader.readText(file);
  const shown = path.relative(siteDir, file);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new DocsiteError({
      code: 'TRANSLATION_FILE_INVALID',
      message: `${shown} is not valid JSON: ${(error as Error).message.split('\n')[0]}`,
      ...placed(shown, text, parsePosition(error, text)),
    });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new DocsiteError({
      code: 'TRANSLATION_FILE_INVALID',
      message: `${shown} holds ${Array.isArray(raw) ? 'a list' : String(raw)}, not an object of messages by key.`,
      loc: { file: shown },
    });
  const messages: Messages = {};
  for (const [key, entry] of Object.entries(raw)) {
    const message = typeof entry === 'string' ? entry : (entry as { message?: unknown } | null)?.message;
    if (typeof message !== 'string')
      throw new DocsiteError({
        code: 'TRANSLATION_FILE_INVALID',
        message: `${shown}: the entry ${JSON.stringify(key)} has no "message" string.`,
        hint: 'Write each entry as { "message": "the translation", "description": "optional" }.',
        loc: locateKey(shown, text, key),
      });
    messages[key] = message;
  }
  return messages;
}
