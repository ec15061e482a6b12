// The top of the home page: name, tagline, the two ways in, and the live editor beside them.
import EditorDemo from './EditorDemo';
import { ExternalLinkIcon } from '@theme/icons';
import { ArrowRightIcon } from './icons';

export const TAGLINE = 'An extensible text editor framework that does things differently';

export default function Hero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-container home-hero__inner">
        <div className="home-hero__text">
          <h1 id="home-hero-title" className="home-hero__title">
            Lexical
          </h1>
          <p className="home-hero__tagline">{TAGLINE}</p>
          <div className="home-hero__actions">
            <a className="home-button home-button--primary" href="/docs/intro">
              Get Started
              <ArrowRightIcon className="home-button__icon" />
            </a>
            <a className="home-button home-button--secondary" href="https://playground.lexical.dev/" target="_blank" rel="noopener noreferrer">
              Playground
              <ExternalLinkIcon className="home-button__icon" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
        <div className="home-hero__demo">
          <h2 className="home-hero__demo-title" id="home-demo-title">
            Try it here
          </h2>
          <p className="home-hero__demo-note" id="home-demo-note">
            A rich text editor with lists and undo history, built with <code>lexical</code> and <code>@lexical/react</code>. Its code loads only on this page.
          </p>
          <EditorDemo />
        </div>
      </div>
    </section>
  );
}
