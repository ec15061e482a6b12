// /community/: where to ask questions and talk about Lexical, and how to contribute to it.
import ChannelCard from '@site/content/components/community/ChannelCard';
import {
  CHANNELS,
  CODE_OF_CONDUCT,
  CONTRIBUTING,
  GOOD_FIRST_ISSUES,
  ISSUES,
  MAINTAINERS_GUIDE,
  PLAYGROUND,
  REPOSITORY,
} from '@site/content/components/community/links';

export const meta = {
  title: 'Community',
  description: 'An extensible text editor framework that does things differently',
  wide: false,
};

export default function CommunityPage() {
  return (
    <div className="community-page">
      <header className="community-header">
        <h1 className="community-header__title">Community</h1>
        <p className="community-header__intro">
          Lexical is built in the open by its maintainers and by the people who use it. Here is where to get help, talk about ideas, and start contributing.
        </p>
      </header>

      <section className="community-section" aria-labelledby="ask">
        <h2 id="ask" className="community-section__title">
          Ask and discuss
        </h2>
        <p className="community-section__lead">
          Pick the place that fits your question. Whichever you choose, a short description of what you tried and a small code sample get you a useful answer
          sooner.
        </p>
        <ul className="community-cards">
          {CHANNELS.map((channel) => (
            <ChannelCard key={channel.href} channel={channel} />
          ))}
        </ul>
      </section>

      <section className="community-section" aria-labelledby="contribute">
        <h2 id="contribute" className="community-section__title">
          Contribute
        </h2>
        <p className="community-section__lead">
          The code, the issues and the pull requests all live in the <a href={REPOSITORY}>facebook/lexical repository</a> on GitHub. Bug fixes, tests,
          documentation and examples are all welcome.
        </p>
        <ol className="community-steps">
          <li className="community-step">
            <h3 className="community-step__title">Read the ground rules</h3>
            <p className="community-step__text">
              The <a href={CODE_OF_CONDUCT}>Code of Conduct</a> describes how we treat each other in every project space.{' '}
              <a href={CONTRIBUTING}>CONTRIBUTING.md</a> explains how to set up the repository, run the tests and prepare a pull request.
            </p>
          </li>
          <li className="community-step">
            <h3 className="community-step__title">Find something to work on</h3>
            <p className="community-step__text">
              Issues labelled <a href={GOOD_FIRST_ISSUES}>good first issue</a> are small and well scoped, a good way to learn the codebase. Leave a comment
              before you start so two people do not solve the same thing.
            </p>
          </li>
          <li className="community-step">
            <h3 className="community-step__title">Open a pull request</h3>
            <p className="community-step__text">
              Keep each change focused, add or update tests, and say in the description what changed and why. Reviewers may ask for changes: that is part of the
              process, not a rejection.
            </p>
          </li>
        </ol>
      </section>

      <section className="community-section" aria-labelledby="report-a-bug">
        <h2 id="report-a-bug" className="community-section__title">
          Report a bug
        </h2>
        <div className="community-callout">
          <p>
            First search the <a href={ISSUES}>existing issues</a>: someone may have reported it already. If not, try to reproduce the problem in the{' '}
            <a href={PLAYGROUND}>Lexical playground</a>. A reproduction there, with the exact steps, what you expected and what happened instead, lets anyone
            see the bug without your application&apos;s code, and is the quickest route to a fix.
          </p>
          <p>Then open a new issue with those steps, your browser and operating system, and the version of Lexical you use.</p>
        </div>
      </section>

      <section className="community-section" aria-labelledby="maintainers">
        <h2 id="maintainers" className="community-section__title">
          For maintainers
        </h2>
        <p className="community-section__lead">
          Looking after the project day to day? The <a href={MAINTAINERS_GUIDE}>maintainers&apos; guide</a> in the docs gathers how the repository is run.
        </p>
      </section>
    </div>
  );
}
