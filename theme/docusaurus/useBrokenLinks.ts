// Docusaurus's useBrokenLinks: components report the links and anchors they render. docsite checks
// every link and anchor in the built HTML itself, so the collector takes them and does nothing.
export interface BrokenLinks {
  collectLink(link: string | undefined): void;
  collectAnchor(anchor: string | undefined): void;
}

const collector: BrokenLinks = { collectLink: () => undefined, collectAnchor: () => undefined };

export default function useBrokenLinks(): BrokenLinks {
  return collector;
}
