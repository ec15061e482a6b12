// One call signature (or declaration) of a member: highlighted code, comment, tables, returns and tags.
import CodeBlock from '../CodeBlock';
import type { ApiCommentView, ApiSignatureView } from '../../src/shared/api-views';
import ApiComment from './ApiComment';
import ApiCommentTags from './ApiCommentTags';
import ApiDeprecated from './ApiDeprecated';
import ApiParametersTable from './ApiParametersTable';
import ApiReturns from './ApiReturns';
import ApiSubsection from './ApiSubsection';
import ApiTypeParametersTable from './ApiTypeParametersTable';

export interface ApiSignatureProps {
  signature: ApiSignatureView;
  /** Display name of the member, for table labels ("Parameters of getKey()"). */
  owner: string;
  /** The member's own comment: a deprecation it already shows is not repeated here. */
  memberComment?: ApiCommentView;
  /** Show the member's summary right after the code (a member with a single declaration reads code first). */
  showMemberSummary?: boolean;
  /** "Signature 2 of 3" when the member is overloaded. */
  overloadLabel?: string;
}

export default function ApiSignature({ signature, owner, memberComment, showMemberSummary, overloadLabel }: ApiSignatureProps) {
  const comment = signature.comment;
  const repeatsMemberDeprecation = comment?.deprecatedHtml !== undefined && comment.deprecatedHtml === memberComment?.deprecatedHtml;
  return (
    <div className="api-signature" role={overloadLabel ? 'group' : undefined} aria-label={overloadLabel}>
      <CodeBlock html={signature.codeHtml} language="ts" className="api-signature__code" />
      {repeatsMemberDeprecation ? null : <ApiDeprecated comment={comment} />}
      {showMemberSummary ? <ApiComment comment={memberComment} /> : null}
      <ApiComment comment={comment} />
      {signature.typeParameters.length > 0 ? (
        <ApiSubsection level={4} title="Type parameters" className="api-type-parameters">
          <ApiTypeParametersTable typeParameters={signature.typeParameters} owner={owner} />
        </ApiSubsection>
      ) : null}
      {signature.parameters.length > 0 ? (
        <ApiSubsection level={4} title="Parameters" className="api-parameters">
          <ApiParametersTable parameters={signature.parameters} owner={owner} />
        </ApiSubsection>
      ) : null}
      <ApiReturns signature={signature} level={4} owner={owner} />
      <ApiCommentTags comment={comment} level={4} />
    </div>
  );
}
