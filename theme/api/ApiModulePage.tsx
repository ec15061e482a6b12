// A module page: package line, module comment, then Classes, Interfaces, Functions, Type aliases, Variables.
import type { ApiModulePageView } from '../../src/shared/api-views';
import ApiComment from './ApiComment';
import ApiCommentTags from './ApiCommentTags';
import ApiDeprecated from './ApiDeprecated';
import ApiMemberList from './ApiMemberList';
import ApiPageTitle from './ApiPageTitle';
import ApiSection from './ApiSection';
import ApiSummaryList from './ApiSummaryList';

export default function ApiModulePage({ view }: { view: ApiModulePageView }) {
  return (
    <div className="api-page api-page--module">
      <ApiPageTitle kind="Module" name={view.name} />
      <p className="api-meta">
        Package <code className="api-meta__code">{view.packageName}</code>
        {view.packageVersion ? (
          <>
            <span className="api-meta__separator" aria-hidden="true">
              {' · '}
            </span>
            <span className="sr-only">, </span>
            version <code className="api-meta__code">{view.packageVersion}</code>
          </>
        ) : null}
      </p>
      <ApiDeprecated comment={view.comment} />
      <ApiComment comment={view.comment} />
      <ApiCommentTags comment={view.comment} level={2} />
      {view.classes.length > 0 ? (
        <ApiSection id="classes" title="Classes">
          <ApiSummaryList items={view.classes} />
        </ApiSection>
      ) : null}
      {view.interfaces.length > 0 ? (
        <ApiSection id="interfaces" title="Interfaces">
          <ApiSummaryList items={view.interfaces} />
        </ApiSection>
      ) : null}
      {view.functions.length > 0 ? (
        <ApiSection id="functions" title="Functions">
          <ApiMemberList members={view.functions} />
        </ApiSection>
      ) : null}
      {view.typeAliases.length > 0 ? (
        <ApiSection id="type-aliases" title="Type aliases">
          <ApiMemberList members={view.typeAliases} />
        </ApiSection>
      ) : null}
      {view.variables.length > 0 ? (
        <ApiSection id="variables" title="Variables">
          <ApiMemberList members={view.variables} />
        </ApiSection>
      ) : null}
    </div>
  );
}
