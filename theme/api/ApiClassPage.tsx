// A class or interface page: module and source, comment, type parameters, hierarchy, then member groups.
import type { ApiClassPageView } from '../../src/shared/api-views';
import ApiComment from './ApiComment';
import ApiCommentTags from './ApiCommentTags';
import ApiDeprecated from './ApiDeprecated';
import ApiHierarchy, { hasHierarchy } from './ApiHierarchy';
import ApiMemberList from './ApiMemberList';
import ApiPageTitle from './ApiPageTitle';
import ApiSection from './ApiSection';
import ApiSource from './ApiSource';
import ApiSubsection from './ApiSubsection';
import ApiTypeParametersTable from './ApiTypeParametersTable';

/** Ids of the page-level headings a class page may show besides its member groups. */
export const CLASS_PAGE_IDS = { typeParameters: 'type-parameters', hierarchy: 'hierarchy' } as const;

export function groupId(title: ApiClassPageView['groups'][number]['title']): string {
  return title.toLowerCase();
}

export default function ApiClassPage({ view }: { view: ApiClassPageView }) {
  return (
    <div className={`api-page api-page--${view.type}`}>
      <ApiPageTitle kind={view.type === 'class' ? 'Class' : 'Interface'} name={view.name} />
      <div className="api-meta">
        <p className="api-meta__module">
          Defined in module{' '}
          <a className="api-link" href={view.module.href}>
            <code>{view.module.name}</code>
          </a>
        </p>
        <ApiSource source={view.source} name={view.name} />
      </div>
      <ApiDeprecated comment={view.comment} />
      <ApiComment comment={view.comment} />
      <ApiCommentTags comment={view.comment} level={2} />
      {view.typeParameters.length > 0 ? (
        <ApiSubsection level={2} id={CLASS_PAGE_IDS.typeParameters} title="Type parameters" className="api-type-parameters">
          <ApiTypeParametersTable typeParameters={view.typeParameters} owner={view.name} />
        </ApiSubsection>
      ) : null}
      {hasHierarchy(view) ? (
        <ApiSubsection level={2} id={CLASS_PAGE_IDS.hierarchy} title="Hierarchy" className="api-hierarchy-section">
          <ApiHierarchy extendsHtml={view.extendsHtml} implementsHtml={view.implementsHtml} extendedBy={view.extendedBy} implementedBy={view.implementedBy} />
        </ApiSubsection>
      ) : null}
      {view.groups
        .filter((group) => group.members.length > 0)
        .map((group) => (
          <ApiSection key={group.title} id={groupId(group.title)} title={group.title}>
            <ApiMemberList members={group.members} />
          </ApiSection>
        ))}
    </div>
  );
}
