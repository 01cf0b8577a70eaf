import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/import-with-retry.ts';
import { newVersionNotice } from '../lib/new-version-notice.ts';

interface Props {
  children: ReactNode;
  onError?: (error: unknown) => void;
}

/**
 * Around a piece the page can do without (the toaster): when it fails, it is left out rather than taking
 * the page down with it, and a new version behind the failure is announced (new-version-banner.tsx).
 */
export class OptionalBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of the page was left out', error);
    if (error instanceof ChunkLoadError && error.newVersion) newVersionNotice.announce();
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
