import { useEffect } from 'react';
import type { MessageId } from './message-id';
import { useT } from './use-t';

/** The tab's title for a page, in the current language: "Propiedades · BEC". */
export function usePageTitle(page: MessageId): void {
  const t = useT();
  const title = t('app.pageTitle', { page: t(page) });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
