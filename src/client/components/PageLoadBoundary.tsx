// Catches a page that failed to load or crashed and offers a retry instead of a blank screen.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Changing it (the path) clears the failure, so the visitor can navigate away. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

export class PageLoadBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">This page could not be loaded</h1>
        <p className="text-base-content/80">Check your connection, then try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}
