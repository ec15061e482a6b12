// The Lexical site's home page: hero with a live editor, feature cards, and code examples.
import Examples from '../components/home/Examples';
import Features from '../components/home/Features';
import Hero, { TAGLINE } from '../components/home/Hero';

export const meta = {
  title: 'Lexical',
  description: TAGLINE,
  wide: true,
};

export default function HomePage() {
  return (
    <div className="home">
      <Hero />
      <Features />
      <Examples />
    </div>
  );
}
