// The reference's table of contents: every module with the first paragraph of its comment.
import type { ApiIndexPageView } from '../../src/shared/api-views';
import ApiPageTitle from './ApiPageTitle';
import ApiSummaryList from './ApiSummaryList';

export default function ApiIndexPage({ view }: { view: ApiIndexPageView }) {
  return (
    <div className="api-page api-page--index">
      <ApiPageTitle name="Table of Contents" />
      {view.modules.length > 0 ? <ApiSummaryList items={view.modules} /> : <p className="api-empty-note">This reference has no modules yet.</p>}
    </div>
  );
}
