// Four reasons to pick Lexical, in a responsive grid of cards.
import type { ReactNode } from 'react';
import { BoltIcon, DevicesIcon, PersonIcon, ShieldIcon } from './icons';

interface Feature {
  title: string;
  icon: ReactNode;
  text: string;
}

const FEATURES: Feature[] = [
  {
    title: 'Reliable',
    icon: <ShieldIcon />,
    text: 'Each change goes through a batched update of an immutable editor state, and Lexical reconciles the DOM from it, so what people see always matches the data you save.',
  },
  {
    title: 'Accessible',
    icon: <PersonIcon />,
    text: 'Lexical builds on the browser’s own editing and follows WCAG practices, so screen readers, keyboard navigation and input methods for every language keep working.',
  },
  {
    title: 'Fast',
    icon: <BoltIcon />,
    text: 'The core is small and has no dependencies. Lists, tables, collaboration and the rest are separate packages, loaded only by the editors that use them.',
  },
  {
    title: 'Cross-platform',
    icon: <DevicesIcon />,
    text: 'The same framework runs in modern browsers on desktop and mobile, and Lexical iOS brings its model to native Swift apps.',
  },
];

export default function Features() {
  return (
    <section className="home-section home-features" aria-labelledby="home-features-title">
      <div className="home-container">
        <h2 id="home-features-title" className="home-section__title">
          Why Lexical
        </h2>
        <ul className="home-features__grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="home-feature">
              <span className="home-feature__icon">{feature.icon}</span>
              <h3 className="home-feature__title">{feature.title}</h3>
              <p className="home-feature__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
