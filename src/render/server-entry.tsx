/** Server side of every page: the theme's App rendered to a string (build) or a stream (serve). Bundled by esbuild per site. */
import { renderToReadableStream, renderToString } from 'react-dom/server';
import App from '@theme/App';
import site from 'docsite:site-data';
import type { RouteModule } from '../shared/types';

export function renderPage(mod: RouteModule): string {
  return renderToString(<App site={site} page={mod.page} Content={mod.Content} localized={mod.locale} />);
}

export function renderPageStream(mod: RouteModule, options: { onError?: (error: unknown) => void } = {}): Promise<ReadableStream<Uint8Array>> {
  return renderToReadableStream(<App site={site} page={mod.page} Content={mod.Content} localized={mod.locale} />, { onError: options.onError });
}

export { site };
