// An API reference page body (rendered inside the docs layout's article): picks the page for the view type.
import type { ApiPageView } from '../../src/shared/api-views';
import ApiClassPage from './ApiClassPage';
import ApiIndexPage from './ApiIndexPage';
import ApiModulePage from './ApiModulePage';

export default function ApiPage({ view }: { view: ApiPageView }) {
  switch (view.type) {
    case 'module':
      return <ApiModulePage view={view} />;
    case 'class':
    case 'interface':
      return <ApiClassPage view={view} />;
    case 'index':
      return <ApiIndexPage view={view} />;
    default:
      return null;
  }
}
