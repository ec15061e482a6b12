// "Returns": the return type (linked inline code) followed by the @returns text of the comment.
import type { ApiSignatureView } from '../../src/shared/api-views';
import type { ApiHeadingLevel } from './ApiHeading';
import ApiHtml from './ApiHtml';
import ApiSubsection from './ApiSubsection';
import { hasHtml } from './api-text';

export interface ApiReturnsProps {
  signature: ApiSignatureView;
  level: ApiHeadingLevel;
}

export default function ApiReturns({ signature, level }: ApiReturnsProps) {
  const typeHtml = signature.returnsHtml;
  const commentHtml = signature.comment?.returnsHtml;
  if (!hasHtml(typeHtml) && !hasHtml(commentHtml)) return null;
  return (
    <ApiSubsection level={level} title="Returns" className="api-returns">
      {hasHtml(typeHtml) ? (
        <div className="api-returns__type">
          <ApiHtml html={typeHtml} as="span" />
        </div>
      ) : null}
      <ApiHtml html={commentHtml} className="api-returns__comment" />
    </ApiSubsection>
  );
}
