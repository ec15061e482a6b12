// The deprecation notice: a warning box headed "Deprecated" with the reason, when one was given.
import Admonition from '../Admonition';
import type { ApiCommentView } from '../../src/shared/api-views';
import ApiHtml from './ApiHtml';
import { hasHtml } from './api-text';

export default function ApiDeprecated({ comment }: { comment: ApiCommentView | undefined }) {
  const reason = comment?.deprecatedHtml;
  if (reason === undefined) return null;
  return (
    <Admonition type="warning" title="Deprecated" className="api-deprecated">
      {hasHtml(reason) ? (
        <ApiHtml html={reason} className="api-deprecated__reason" />
      ) : (
        <p className="api-deprecated__reason">This API is deprecated and may be removed in a future version.</p>
      )}
    </Admonition>
  );
}
