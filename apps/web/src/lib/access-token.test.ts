import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentAccessTokenSource,
  onAccessTokenSource,
  setAccessTokenSource,
} from './access-token';

afterEach(() => setAccessTokenSource(null));

describe('the access token source', () => {
  it('tells its listeners each time calls get a source, until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = onAccessTokenSource(listener);
    setAccessTokenSource(null);
    expect(listener).not.toHaveBeenCalled();

    const source = async () => 'token';
    setAccessTokenSource(source);
    expect(currentAccessTokenSource()).toBe(source);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    setAccessTokenSource(async () => 'another');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
