// Catches a crash while rendering page content and offers a retry instead of a blank page.
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** A new route clears the error: the next page gets its own chance. */
  route: string;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  route: string;
}

function messageChain(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && messages.length < 10) {
    messages.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

export default class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, route: this.props.route };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.route !== state.route ? { error: null, route: props.route } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page-crash" role="alert">
        <h1 className="page-crash__title">This page crashed.</h1>
        <button type="button" className="button button--primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
        <ul className="page-crash__messages">
          {messageChain(this.state.error).map((message, index) => (
            <li key={index}>
              <code>{message}</code>
            </li>
          ))}
        </ul>
      </div>
    );
  }
}
