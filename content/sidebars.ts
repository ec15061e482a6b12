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
    {
      type: 'category',
      label: 'Concepts',
      items: [
        'concepts/editor-state',
        'concepts/nodes',
        'concepts/node-replacement',
        'concepts/node-state',
        'concepts/key-management',
        'concepts/node-cloning',
        'concepts/listeners',
        'concepts/transforms',
        'concepts/commands',
        'concepts/selection',
        'concepts/read-only',
        'concepts/history',
        'concepts/serialization',
        'concepts/dom-events',
        'concepts/traversals',
        'concepts/updates',
      ],
    },
    {
      type: 'category',
      label: 'React',
      items: ['react/index', 'react/plugins', 'react/create_plugin', 'react/faq'],
    },
    {
      type: 'category',
      label: 'Collaboration',
      items: ['collaboration/react', 'collaboration/faq'],
    },
    'faq',
  ],
};

export default sidebars;
