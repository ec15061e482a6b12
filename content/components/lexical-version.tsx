// The Lexical version the site documents, as site.config.ts hands it to components.
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/** customFields.lexicalVersion of the site config: the installed lexical's version. */
export function useLexicalVersion(): string {
  const version = useDocusaurusContext().siteConfig.customFields.lexicalVersion;
  if (typeof version !== 'string') throw new Error('site.config.ts must set customFields.lexicalVersion to the documented Lexical version');
  return version;
}

/** The codes.json table at the tag of a Lexical release. */
export function codesJsonUrl(version: string): string {
  return `https://github.com/facebook/lexical/blob/v${version}/scripts/error-codes/codes.json`;
}
