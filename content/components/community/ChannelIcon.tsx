// Small line icons for the community channels (drawn for this page, not brand logos).
import type { ChannelIcon as IconName } from './links';

export default function ChannelIcon({ name }: { name: IconName }) {
  const common = {
    width: 28,
    height: 28,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    'aria-hidden': true,
    focusable: false,
  };
  switch (name) {
    case 'discussions':
      return (
        <svg {...common}>
          <path d="M4 5h11a1.5 1.5 0 0 1 1.5 1.5v6A1.5 1.5 0 0 1 15 14H9l-4 3v-3H4a1.5 1.5 0 0 1-1.5-1.5v-6A1.5 1.5 0 0 1 4 5z" />
          <path d="M19 9h1a1.5 1.5 0 0 1 1.5 1.5v6A1.5 1.5 0 0 1 20 18h-1v3l-4-3h-4" />
        </svg>
      );
    case 'questions':
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M9.6 9.3a2.5 2.5 0 0 1 4.8 1c0 1.7-2.4 2.1-2.4 3.7" />
          <path d="M12 17.2h.01" />
        </svg>
      );
    case 'chat':
      return (
        <svg {...common}>
          <rect x="3" y="4" width="18" height="13" rx="3" />
          <path d="M8 21l3-4" />
          <path d="M8 10.5h.01M12 10.5h.01M16 10.5h.01" />
        </svg>
      );
  }
}
