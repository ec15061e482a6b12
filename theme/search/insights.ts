/**
 * Search analytics (Algolia mode with `insights: true`): the search-insights script from its CDN,
 * given to DocSearch as its insights client, so the viewed hits go out as DocSearch sends them;
 * click events are sent from here. A script that cannot load is one console message; search goes on.
 */

const VERSION = '2.15.0';
export const INSIGHTS_SCRIPT = `https://cdn.jsdelivr.net/npm/search-insights@${VERSION}/dist/search-insights.min.js`;
export const INSIGHTS_LOAD_FAILED = 'Could not load search-insights.js: search analytics events are not sent.';

type Call = (method: string, ...args: unknown[]) => unknown;
type Queued = Call & { queue?: unknown[][]; version?: string };

interface InsightsWindow {
  AlgoliaAnalyticsObject?: string;
  [name: string]: unknown;
}

/** What a hit carries once DocSearch has it from a search with insights on. */
export interface ReportableHit {
  objectID: string;
  __autocomplete_id?: number;
  __autocomplete_indexName?: string;
  __autocomplete_queryID?: string;
  _highlightResult?: unknown;
}

export interface Insights {
  /** The client DocSearch's insights plugin calls: everything but its click events goes to search-insights. */
  client: Call & { version: string };
  /**
   * Reports a click on (or a keyboard selection of) a hit of the current results; stored searches are
   * not reported. Sent from here instead of by DocSearch, whose own (3.9) never reports a click on the
   * first hit (its position would be 0) and reports every other one a place too high: here the hit's
   * place is the one in the list as shown, counted from 1.
   */
  clicked(hit: ReportableHit): void;
}

let loaded: Call | undefined;

/** `window.aa` as search-insights expects it before it loads (calls queue up), and the script requested once. */
function insightsFunction(): Call {
  if (loaded) return loaded;
  const global = window as unknown as InsightsWindow;
  const name = global.AlgoliaAnalyticsObject ?? 'aa';
  if (typeof global[name] !== 'function') {
    global.AlgoliaAnalyticsObject = name;
    const queued: Queued = (...args: unknown[]) => {
      const current = global[name] as Queued;
      (current.queue ??= []).push(args);
    };
    queued.version = VERSION;
    global[name] = queued;
    const script = document.createElement('script');
    script.async = true;
    script.src = INSIGHTS_SCRIPT;
    script.onerror = () => console.error(INSIGHTS_LOAD_FAILED);
    document.head.appendChild(script);
  }
  // Looked up on every call: once loaded, the script puts its own function in the queue's place.
  loaded = (method, ...args) => (global[name] as Call)(method, ...args);
  return loaded;
}

export function createInsights(credentials: { appId: string; apiKey: string }): Insights {
  const send = insightsFunction();
  const headers = { headers: { 'X-Algolia-Application-Id': credentials.appId, 'X-Algolia-API-Key': credentials.apiKey } };
  const client = Object.assign((method: string, ...args: unknown[]) => (method === 'clickedObjectIDsAfterSearch' ? undefined : send(method, ...args)), {
    version: VERSION,
  });
  return {
    client,
    clicked(hit) {
      // A stored recent or favourite search has no highlight and an old queryID: not a click on these results.
      if (!hit._highlightResult || !hit.__autocomplete_queryID || !hit.__autocomplete_indexName || typeof hit.__autocomplete_id !== 'number') return;
      send(
        'clickedObjectIDsAfterSearch',
        {
          eventName: 'Item Selected',
          index: hit.__autocomplete_indexName,
          queryID: hit.__autocomplete_queryID,
          objectIDs: [hit.objectID],
          positions: [hit.__autocomplete_id + 1],
        },
        headers,
      );
    },
  };
}
