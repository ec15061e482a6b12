// Three short tours of the API, as tabs: set an editor up, work with its state, extend it.
// The samples are markdown code blocks, so shiki highlights them at build time like any docs page.
import { mdxComponents } from '@theme/mdx-components';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import type { ComponentType, ReactNode } from 'react';
import { useLexicalVersion } from '../lexical-version';
import ExtendSample from './samples/extend.mdx';
import FeaturesSample from './samples/features.mdx';
import SetupSample from './samples/setup.mdx';

interface Example {
  value: string;
  label: string;
  title: string;
  body: ReactNode;
  Sample: ComponentType<{ components?: typeof mdxComponents }>;
}

const EXAMPLES: Example[] = [
  {
    value: 'setup',
    label: 'Simple setup',
    title: 'A working editor in a handful of lines',
    body: (
      <>
        <p>
          Wrap the plugins you want in <code>LexicalComposer</code>. <code>RichTextPlugin</code> turns a plain <code>ContentEditable</code> into a rich text
          surface with keyboard formatting, and <code>HistoryPlugin</code> adds undo and redo.
        </p>
        <p>Everything else, such as lists, links or tables, is another plugin you add when you need it.</p>
      </>
    ),
    Sample: SetupSample,
  },
  {
    value: 'features',
    label: 'Powerful features',
    title: 'One editor state, read and changed through clear APIs',
    body: (
      <>
        <p>
          The document lives in an editor state made of nodes. Change it inside <code>editor.update()</code>, read it inside <code>editorState.read()</code>,
          and let Lexical bring the DOM up to date.
        </p>
        <p>
          Commands such as <code>FORMAT_TEXT_COMMAND</code> give toolbars, shortcuts and your own code one way to ask for a change.
        </p>
      </>
    ),
    Sample: FeaturesSample,
  },
  {
    value: 'extend',
    label: 'Built to extend',
    title: 'Your own nodes and commands sit beside the built-in ones',
    body: (
      <>
        <p>Subclass a node to change how content renders or serialises, register it in the editor&apos;s config, and create commands that insert it.</p>
        <p>The packages that ship with Lexical, from lists to tables, are built the same way, so there is little they can do that your code cannot.</p>
      </>
    ),
    Sample: ExtendSample,
  },
];

export default function Examples() {
  const version = useLexicalVersion();
  return (
    <section className="home-section home-examples" aria-labelledby="home-examples-title">
      <div className="home-container">
        <h2 id="home-examples-title" className="home-section__title">
          How it looks in code
        </h2>
        <p className="home-section__lead">Three small examples, each one valid TypeScript for Lexical {version}.</p>
        <Tabs className="home-examples__tabs">
          {EXAMPLES.map((example) => (
            <TabItem key={example.value} value={example.value} label={example.label}>
              <div className="home-examples__panel">
                <div className="home-examples__text">
                  <h3 className="home-examples__title">{example.title}</h3>
                  {example.body}
                </div>
                <div className="home-examples__code">
                  <example.Sample components={mdxComponents} />
                </div>
              </div>
            </TabItem>
          ))}
        </Tabs>
      </div>
    </section>
  );
}
