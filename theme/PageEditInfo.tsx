// What a doc's or a post's footer says of its source: the "Edit this page" link and when it was last updated.
import type { PageData } from '../src/shared/types';
import { PencilIcon } from './icons';
import LastUpdated from './LastUpdated';
import { themeText } from './theme-text';

export default function PageEditInfo({ page }: { page: PageData }) {
  return (
    <>
      {page.editUrl ? (
        <a className="edit-this-page" href={page.editUrl} target="_blank" rel="noopener noreferrer">
          <PencilIcon />
          {themeText('theme.common.editThisPage')}
        </a>
      ) : null}
      {page.lastUpdate ? (
        <LastUpdated lastUpdatedAt={page.lastUpdate.at} lastUpdatedBy={page.lastUpdate.by} formattedLastUpdatedAt={page.lastUpdate.formattedAt} />
      ) : null}
    </>
  );
}
