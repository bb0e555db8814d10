import { type Locale, MyLocaleSchema } from '@bec/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/users/me/locale: the language the member's alert mail is written in (ADR 054). */
const setMyLocale = (locale: Locale) =>
  apiRequest('/users/me/locale', MyLocaleSchema, { method: 'PUT', body: { locale } });

/** Tells the server the language the member now reads BEC in. */
export const useSetMyLocale = ({ onError }: { onError: (error: Error) => void }) =>
  useMutation({ mutationFn: setMyLocale, onError });
