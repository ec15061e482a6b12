// The members of one section, in the given order.
import type { ApiMemberView } from '../../src/shared/api-views';
import ApiMember from './ApiMember';

export default function ApiMemberList({ members }: { members: ApiMemberView[] }) {
  return (
    <div className="api-member-list">
      {members.map((member) => (
        <ApiMember key={member.anchor} member={member} />
      ))}
    </div>
  );
}
