import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

/** When a page fails to load or render (a chunk that did not arrive after a deploy, a bug). */
function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const message = error instanceof Error ? errorText(error) : t('routeError.fallback');
  return (
    <Stack gap="sm" p="md">
      <Title order={2}>{t('routeError.title')}</Title>
      <Text role="alert">{t('common.error', { message })}</Text>
      {/* A full page load: a chunk that failed to arrive (after a deploy) is fetched anew. */}
      <Anchor href={paths.home.getHref()}>{t('common.goHome')}</Anchor>
    </Stack>
  );
}

type BoundaryProps = { locationKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown; locationKey: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    failed: false,
    error: null,
    locationKey: this.props.locationKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  // Another location renders its page anew, as React Router's own route error boundary does.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.locationKey === state.locationKey
      ? null
      : { failed: false, error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Shows RouteError instead of what it wraps when that throws, until the location changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary locationKey={key}>{children}</Boundary>;
}
