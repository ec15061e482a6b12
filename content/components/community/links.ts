// Where the Lexical community talks, and the places a contributor needs. Text is ours; addresses are public.
export type ChannelIcon = 'discussions' | 'questions' | 'chat';

export interface Channel {
  name: string;
  href: string;
  description: string;
  /** What the channel suits best, shown under the description. */
  bestFor: string;
  icon: ChannelIcon;
}

export const CHANNELS: Channel[] = [
  {
    name: 'GitHub Discussions',
    href: 'https://github.com/facebook/lexical/discussions',
    description: 'Threads next to the code: ask how to approach a problem, float an idea for the API, or show what you have built.',
    bestFor: 'Longer questions, proposals and show-and-tell',
    icon: 'discussions',
  },
  {
    name: 'Stack Overflow',
    href: 'https://stackoverflow.com/questions/tagged/lexicaljs',
    description: 'Search answered questions first, then ask a focused one with the lexicaljs tag and a small code sample.',
    bestFor: 'Specific how-do-I questions with a clear answer',
    icon: 'questions',
  },
  {
    name: 'Discord',
    href: 'https://discord.gg/KmG4wQnnD9',
    description: 'Chat in real time with other people building editors on Lexical, and follow what is being worked on.',
    bestFor: 'Quick back-and-forth and staying in the loop',
    icon: 'chat',
  },
];

export const REPOSITORY = 'https://github.com/facebook/lexical';
export const CONTRIBUTING = 'https://github.com/facebook/lexical/blob/main/CONTRIBUTING.md';
export const CODE_OF_CONDUCT = 'https://github.com/facebook/lexical/blob/main/CODE_OF_CONDUCT.md';
export const GOOD_FIRST_ISSUES = 'https://github.com/facebook/lexical/issues?q=is%3Aissue+is%3Aopen+label%3A%22good+first+issue%22';
export const ISSUES = 'https://github.com/facebook/lexical/issues';
export const PLAYGROUND = 'https://playground.lexical.dev/';
export const MAINTAINERS_GUIDE = '/docs/maintainers-guide';
