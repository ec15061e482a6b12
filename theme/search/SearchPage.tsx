// The search page (`/search?q=...`): the same client and index as the modal, the query kept in the
// address, 15 results at a time and more when the end of the list comes into view. Without
// JavaScript its form still submits `?q=`.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HierarchyLevel, SearchHit, SearchResponse } from '../../src/shared/search/types';
import type { SearchSiteData } from '../../src/shared/types';
import { localUrl, searchClientFor, searchParametersOf } from './clients';

const HITS_PER_PAGE = 15;
const LEVELS: HierarchyLevel[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
}

function queryOfAddress(): string {
  return new URLSearchParams(window.location.search).get('q') ?? '';
}

/** The last highlighted hierarchy level is the title, the ones above it the breadcrumbs. */
function parts(hit: SearchHit): { title: string; crumbs: string[]; summary?: string } {
  const levels = LEVELS.map((level) => hit._highlightResult.hierarchy?.[level]?.value).filter((value): value is string => !!value);
  const title = levels.pop() ?? '';
  const summary = hit._snippetResult.content?.value ?? hit._highlightResult.content?.value;
  return { title, crumbs: levels, ...(summary ? { summary: `${summary}...` } : {}) };
}

export default function SearchPage({ search, siteUrl }: { search: SearchSiteData; siteUrl: string }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(0);

  const fetchPage = useCallback(
    async (text: string, page: number): Promise<SearchResponse> => {
      const client = await searchClientFor(search);
      const body = {
        requests: [
          {
            indexName: search.indexName,
            query: text,
            page,
            hitsPerPage: HITS_PER_PAGE,
            attributesToSnippet: ['content:20'],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            ...searchParametersOf(search),
          },
        ],
      };
      return (await client.search(body)).results[0]!;
    },
    [search],
  );

  const run = useCallback(
    (text: string, page: number) => {
      const id = ++latest.current;
      setLoading(true);
      fetchPage(text, page).then(
        (response) => {
          if (id !== latest.current) return;
          setFailed(false);
          setResults((previous) => ({
            query: text,
            hits: page > 0 && previous?.query === text ? [...previous.hits, ...response.hits] : response.hits,
            nbHits: response.nbHits,
            page: response.page,
            nbPages: response.nbPages,
          }));
          setLoading(false);
        },
        () => {
          if (id !== latest.current) return;
          setFailed(true);
          setLoading(false);
        },
      );
    },
    [fetchPage],
  );

  // The query comes from the address once hydrated (the page is prerendered for every query).
  useEffect(() => setQuery(queryOfAddress()), []);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (url.href !== window.location.href) history.replaceState(history.state, '', url.href);
    if (!query.trim()) {
      latest.current++;
      setResults(null);
      setLoading(false);
      return;
    }
    run(query, 0);
  }, [query, run]);

  // More results when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !results || loading || results.page + 1 >= results.nbPages) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run(results.query, results.page + 1);
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [results, loading, run]);

  const count = results && results.nbHits > 0 ? (results.nbHits === 1 ? 'One document found' : `${results.nbHits} documents found`) : null;
  return (
    <div className="search-page">
      <h1>{query ? `Search results for "${query}"` : 'Search the documentation'}</h1>
      <form className="search-page__form" action={search.searchPage} method="get" role="search" onSubmit={(event) => event.preventDefault()}>
        <input
          type="search"
          name="q"
          className="search-page__input"
          aria-label="Search"
          placeholder="Type your search here"
          autoComplete="off"
          maxLength={64}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <div className="search-page__status" aria-live="polite">
        {failed ? <p>Unable to fetch results. You might want to check your network connection.</p> : null}
        {!failed && count ? <p>{count}</p> : null}
        {!failed && !loading && results && results.nbHits === 0 ? <p>No results were found</p> : null}
      </div>
      {results && results.hits.length > 0 ? (
        <ol className="search-page__results">
          {results.hits.map((hit) => {
            const { title, crumbs, summary } = parts(hit);
            return (
              <li key={hit.objectID} className="search-result">
                <h2 className="search-result__title">
                  <a href={localUrl(hit.url ?? '', siteUrl)} dangerouslySetInnerHTML={{ __html: title }} />
                </h2>
                {crumbs.length > 0 ? (
                  <nav aria-label="Breadcrumbs" className="search-result__path">
                    <ul>
                      {crumbs.map((crumb, index) => (
                        <li key={index} dangerouslySetInnerHTML={{ __html: crumb }} />
                      ))}
                    </ul>
                  </nav>
                ) : null}
                {summary ? <p className="search-result__summary" dangerouslySetInnerHTML={{ __html: summary }} /> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {loading ? <p className="search-page__loading">Fetching new results...</p> : null}
      <div ref={sentinel} className="search-page__more" />
    </div>
  );
}
