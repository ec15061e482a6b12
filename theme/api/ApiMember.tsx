// One member of a module or class: heading (id = anchor), badges, inheritance, deprecation, signatures, source.
import type { ApiMemberView } from '../../src/shared/api-views';
import ApiComment from './ApiComment';
import ApiCommentTags from './ApiCommentTags';
import ApiDeprecated from './ApiDeprecated';
import ApiFlags from './ApiFlags';
import ApiHeading from './ApiHeading';
import ApiInheritedFrom from './ApiInheritedFrom';
import ApiSignature from './ApiSignature';
import ApiSource from './ApiSource';
import { isMemberDeprecated, memberDisplayName } from './api-text';

export default function ApiMember({ member }: { member: ApiMemberView }) {
  const displayName = memberDisplayName(member);
  const count = member.signatures.length;
  return (
    <section className={`api-member api-member--${member.kind}`}>
      <ApiHeading level={3} id={member.anchor} className="api-member__title">
        <code className="api-member__name">{displayName}</code>
        <ApiFlags flags={member.flags} deprecated={isMemberDeprecated(member)} />
      </ApiHeading>
      <ApiInheritedFrom from={member.inheritedFrom} />
      <ApiDeprecated comment={member.comment} />
      {/* One declaration reads code first, then text; overloads share the member's text above them. */}
      {count === 1 ? null : <ApiComment comment={member.comment} />}
      {member.signatures.map((signature, index) => (
        <ApiSignature
          key={index}
          signature={signature}
          owner={displayName}
          memberComment={member.comment}
          showMemberSummary={count === 1}
          overloadLabel={count > 1 ? `Signature ${index + 1} of ${count}` : undefined}
        />
      ))}
      <ApiCommentTags comment={member.comment} level={4} />
      <ApiSource source={member.source} name={displayName} />
    </section>
  );
}
