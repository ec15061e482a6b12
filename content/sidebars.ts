// The sidebars of the Lexical docs: what the `docs` sidebar lists, in order.
import type { SidebarsConfig } from 'docsite/config';

const sidebars: SidebarsConfig = {
  docs: [
    'intro',
    {
      type: 'category',
      label: 'Getting Started',
      collapsed: false,
      items: [
        'getting-started/quick-start',
        'getting-started/react',
        'getting-started/theming',
        'getting-started/supported-browsers',
        'getting-started/creating-plugin',
        'getting-started/devtools',
      ],
    },
  ],
};

export default sidebars;
