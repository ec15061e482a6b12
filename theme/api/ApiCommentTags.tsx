// The block tags of a doc comment after the signature details: examples, "See also", and any other tags.
import type { ApiCommentView } from '../../src/shared/api-views';
import type { ApiHeadingLevel } from './ApiHeading';
import ApiHtml from './ApiHtml';
import ApiSubsection from './ApiSubsection';
import { blockTagLabel, hasHtml } from './api-text';

export interface ApiCommentTagsProps {
  comment: ApiCommentView | undefined;
  /** Heading level of the labels: 2 on the page itself, 4 inside a member. */
  level: ApiHeadingLevel;
}

export default function ApiCommentTags({ comment, level }: ApiCommentTagsProps) {
  if (!comment) return null;
  const examples = comment.examplesHtml.filter(hasHtml);
  const see = comment.seeHtml.filter(hasHtml);
  const other = comment.other.filter((tag) => hasHtml(tag.html));
  if (examples.length === 0 && see.length === 0 && other.length === 0) return null;
  return (
    <div className="api-comment-tags">
      {examples.map((html, index) => (
        <ApiSubsection key={`example-${index}`} level={level} title={examples.length > 1 ? `Example ${index + 1}` : 'Example'} className="api-example">
          <ApiHtml html={html} className="api-example__body" />
        </ApiSubsection>
      ))}
      {see.length > 0 ? (
        <ApiSubsection level={level} title="See also" className="api-see">
          <ul className="api-see__list">
            {see.map((html, index) => (
              <li key={index}>
                <ApiHtml html={html} />
              </li>
            ))}
          </ul>
        </ApiSubsection>
      ) : null}
      {other.map((tag, index) => (
        <ApiSubsection key={`tag-${index}`} level={level} title={blockTagLabel(tag.tag)} className="api-block-tag">
          <ApiHtml html={tag.html} className="api-block-tag__body" />
        </ApiSubsection>
      ))}
    </div>
  );
}
