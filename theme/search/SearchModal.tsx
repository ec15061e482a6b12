// The search modal: DocSearch v3's modal (@docsearch/react 3.9) on the site's search client, its roles
// corrected (modal-aria.ts), its recent and favourite searches' actions out of their options
// (saved-searches.tsx) and its colours the site's (modal.css). Loaded, after its stylesheet
// (load-modal.ts), on the first interaction with the search button.
import { DocSearchModal, type DocSearchTransformClient } from '@docsearch/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { SearchResponse } from '../../src/shared/search/types';
import type { SearchSiteData } from '../../src/shared/types';
import { NetworkErrorIcon } from './SearchUnavailable';
import { localUrl, searchClientFor, searchParametersOf } from './clients';
import { createInsights, type ReportableHit } from './insights';
import type { SearchBody, SearchClientLike } from './local-client';
import { correctModalAria } from './modal-aria';
import { ActionKeyHints, listenForActionKeys, startScreenTranslations, withActionMarks } from './saved-searches';
import { followLink } from '../utils';

export interface SearchModalProps {
  search: SearchSiteData;
  siteUrl: string;
  initialQuery?: string;
  onClose(): void;
}

/** Starts the search client (the worker and its index) before the modal opens. */
export async function prepare(search: SearchSiteData): Promise<void> {
  if (search.local) (await searchClientFor(search)).warm?.();
}

type Selected = { itemUrl: string; item: ReportableHit };
type ModalHit = { url: string; type?: string };

/**
 * One page's hits (DocSearch groups them by page title and draws the sections as children of the
 * page's own hit, with a tree line): the page's own hit first, so a section never sits above its page.
 */
function pageFirst<T extends ModalHit>(items: T[]): T[] {
  const page = items.findIndex((item) => item.type === 'lvl1');
  return page <= 0 ? items : [items[page]!, ...items.slice(0, page), ...items.slice(page + 1)];
}

function emptyResults(body: SearchBody): { results: SearchResponse[] } {
  return {
    results: body.requests.map((request) => ({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: Number(request.hitsPerPage ?? 20),
      processingTimeMS: 0,
      exhaustiveNbHits: true,
      query: String(request.query ?? ''),
      params: '',
    })),
  };
}

/** DocSearch's error screen, as its markup has it, so its stylesheet draws it. */
function ErrorScreen() {
  return (
    <div className="DocSearch-ErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <NetworkErrorIcon />
      </div>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>
  );
}

/**
 * The footer's provider for the embedded index. DocSearch's footer always credits Algolia, which would
 * be untrue when no request goes to Algolia: its link is hidden (modal.css) and this one shown in its place.
 */
function LocalSearchBy() {
  return (
    <a className="docsite-search-by" href="https://github.com/lucaong/minisearch" target="_blank" rel="noopener noreferrer">
      <span className="DocSearch-Label">Search by</span> <span className="docsite-search-by__name">MiniSearch</span>
    </a>
  );
}

const translations = { startScreen: startScreenTranslations };

export default function SearchModal({ search, siteUrl, initialQuery, onClose }: SearchModalProps) {
  // DocSearch drops its error screen as soon as the failed request settles (autocomplete sets the
  // status back to idle), so failures are answered with no hits here and the error screen is drawn
  // over the no-results one until a query succeeds.
  const [failed, setFailed] = useState(false);
  const [dropdown, setDropdown] = useState<Element | null>(null);
  const [logo, setLogo] = useState<Element | null>(null);
  const [footer, setFooter] = useState<Element | null>(null);
  const [status, setStatus] = useState('');
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(0);

  const transformSearchClient = useCallback(
    (client: DocSearchTransformClient): DocSearchTransformClient => {
      // DocSearch's own client knows Algolia's hosts only; the site's client for the index or other hosts.
      const target: Promise<SearchClientLike> =
        search.local || search.algolia?.hosts ? searchClientFor(search) : Promise.resolve(client as unknown as SearchClientLike);
      const searchWith = async (body: SearchBody) => {
        const id = ++latest.current;
        try {
          const response = await (await target).search(body);
          if (id === latest.current) setFailed(false);
          return response;
        } catch {
          if (id === latest.current) setFailed(true);
          return emptyResults(body);
        }
      };
      return { ...client, search: searchWith as unknown as DocSearchTransformClient['search'] };
    },
    [search],
  );

  // Algolia mode with insights: click events come from the navigator below, for the keyboard and the mouse (see insights.ts).
  const insights = useMemo(() => (search.algolia?.insights ? createInsights(search.algolia) : undefined), [search.algolia]);

  const transformItems = useCallback((items: ModalHit[]) => pageFirst(items).map((item) => ({ ...item, url: localUrl(item.url, siteUrl) })), [siteUrl]);

  const navigator = useMemo(
    () => ({
      // Enter: the site's router takes the link, as it does a click on a link.
      navigate({ itemUrl, item }: Selected) {
        insights?.clicked(item);
        followLink(itemUrl);
      },
      navigateNewTab({ itemUrl, item }: Selected) {
        insights?.clicked(item);
        window.open(itemUrl, '_blank', 'noopener');
      },
      navigateNewWindow({ itemUrl, item }: Selected) {
        insights?.clicked(item);
        window.open(itemUrl, '_blank', 'noopener,popup');
      },
    }),
    [insights],
  );

  // A hit is the list's option, the one element the arrows and Enter reach, with no link inside it
  // (a link in an option is a second interactive element): a click goes where Enter goes, a click with
  // Ctrl/Cmd or the middle button where Ctrl/Cmd+Enter goes, with Shift where Shift+Enter goes. A recent
  // or favourite search's save and remove buttons become marks with no focus (saved-searches.tsx).
  const hitComponent = useMemo(
    () =>
      function Hit({ hit, children }: { hit: ReportableHit & { url: string }; children: ReactNode }) {
        const follow = (event: MouseEvent) => {
          const selected = { itemUrl: hit.url, item: hit };
          if (event.button === 1 || (event.button === 0 && (event.ctrlKey || event.metaKey))) navigator.navigateNewTab(selected);
          else if (event.button === 0 && event.shiftKey) navigator.navigateNewWindow(selected);
          else if (event.button === 0 && !event.altKey) navigator.navigate(selected);
        };
        return (
          // data-url: where the hit leads, for tools and tests (no href, which would make it a link).
          <a data-url={hit.url} onClick={follow} onAuxClick={(event) => event.button === 1 && follow(event)}>
            {withActionMarks(children)}
          </a>
        );
      },
    [navigator],
  );

  const resultsFooter = useCallback(
    ({ state }: { state: { query: string; context: Record<string, unknown> } }): ReactNode => {
      if (!search.searchPage) return null;
      const count = Number(state.context.nbHits ?? 0);
      return (
        <a href={`${search.searchPage}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
          {count === 1 ? 'See 1 result' : `See all ${count} results`}
        </a>
      );
    },
    [search.searchPage, onClose],
  );

  // DocSearch makes a new autocomplete (and drops a starring or removal under way) when these change:
  // they keep their identity across the re-renders of the page around the modal.
  const searchParameters = useMemo(() => searchParametersOf(search), [search]);
  const getMissingResultsUrl = useMemo(
    () => (search.missingResultsUrl ? ({ query }: { query: string }) => search.missingResultsUrl!.replace(/\{query\}/g, encodeURIComponent(query)) : undefined),
    [search.missingResultsUrl],
  );

  useLayoutEffect(() => (host.current ? correctModalAria(host.current) : undefined), []);
  useLayoutEffect(() => (host.current ? listenForActionKeys(host.current, setStatus) : undefined), []);
  useLayoutEffect(() => setFooter(host.current?.querySelector('.DocSearch-Footer') ?? null), []);
  const apple = useMemo(() => /(Mac|iPhone|iPod|iPad)/i.test(window.navigator.platform), []);

  useLayoutEffect(() => {
    setDropdown(failed ? (host.current?.querySelector('.DocSearch-Dropdown') ?? null) : null);
  }, [failed]);

  useLayoutEffect(() => {
    setLogo(search.local ? (host.current?.querySelector('.DocSearch-Footer .DocSearch-Logo') ?? null) : null);
  }, [search.local]);

  const className = ['docsite-search', search.local ? 'docsite-search--local' : '', failed ? 'docsite-search--failed' : ''].filter(Boolean).join(' ');
  return createPortal(
    <div ref={host} className={className}>
      <DocSearchModal
        appId={search.algolia?.appId ?? 'docsite'}
        apiKey={search.algolia?.apiKey ?? 'local'}
        indexName={search.indexName}
        placeholder={search.placeholder}
        searchParameters={searchParameters}
        transformSearchClient={transformSearchClient}
        transformItems={transformItems as never}
        navigator={navigator as never}
        resultsFooterComponent={resultsFooter as never}
        getMissingResultsUrl={getMissingResultsUrl}
        hitComponent={hitComponent as never}
        insights={insights ? { insightsClient: insights.client as never } : false}
        initialQuery={initialQuery}
        initialScrollY={window.scrollY}
        onClose={onClose}
        translations={translations}
      />
      {failed && dropdown ? createPortal(<ErrorScreen />, dropdown) : null}
      {logo ? createPortal(<LocalSearchBy />, logo) : null}
      {footer
        ? createPortal(
            <>
              <ActionKeyHints apple={apple} />
              <p role="status" className="sr-only">
                {status}
              </p>
            </>,
            footer,
          )
        : null}
    </div>,
    document.body,
  );
}
