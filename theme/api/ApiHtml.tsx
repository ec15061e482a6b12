// The one place trusted, prebuilt HTML from the API views (shiki, markdown, linked types) enters the page.
import { cx } from '../utils';
import { hasHtml } from './api-text';

export interface ApiHtmlProps {
  html: string | undefined;
  /** `span` for inline HTML (linked types), `div` for block HTML (comments, which may hold paragraphs). */
  as?: 'div' | 'span';
  className?: string;
}

export default function ApiHtml({ html, as: Tag = 'div', className }: ApiHtmlProps) {
  if (!hasHtml(html)) return null;
  return <Tag className={cx('api-html', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
