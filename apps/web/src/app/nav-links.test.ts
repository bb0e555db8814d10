import { describe, expect, it } from 'vitest';
import { navLinksFor } from '@/app/nav-links';
import { t } from '@/i18n/i18n';

const labels = (...args: Parameters<typeof navLinksFor>) =>
  navLinksFor(...args).map((link) => `${t(link.label)} ${link.href}`);

describe('navLinksFor', () => {
  it('shows no links while loading', () => {
    expect(labels('loading', null)).toEqual([]);
    expect(labels('loading', 'admin')).toEqual([]);
  });

  it('shows Home only when not signed in', () => {
    expect(labels('unauthenticated', null)).toEqual(['Home /home']);
  });

  it('shows Home, Properties, Board, Brokers and Data to viewers and editors', () => {
    const member = [
      'Home /home',
      'Properties /properties',
      'Board /board',
      'Brokers /brokers',
      'Data /data',
    ];
    expect(labels('authenticated', 'viewer')).toEqual(member);
    expect(labels('authenticated', 'editor')).toEqual(member);
  });

  it('adds Users, Audit and Settings for admins', () => {
    expect(labels('authenticated', 'admin')).toEqual([
      'Home /home',
      'Properties /properties',
      'Board /board',
      'Brokers /brokers',
      'Data /data',
      'Users /users',
      'Audit /audit',
      'Settings /settings',
    ]);
  });
});
