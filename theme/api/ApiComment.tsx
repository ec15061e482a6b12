// The summary text of a doc comment (its block tags are rendered by ApiCommentTags).
import type { ApiCommentView } from '../../src/shared/api-views';
import ApiHtml from './ApiHtml';

export default function ApiComment({ comment }: { comment: ApiCommentView | undefined }) {
  if (!comment) return null;
  return <ApiHtml html={comment.summaryHtml} className="api-comment" />;
}
